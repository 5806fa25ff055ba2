// The English strings of this product (ADR 113: a product carries its own, so a bundle ships only the strings of
// the products it imports). Keys and the `{name}` placeholders are the catalogue's (strings.ts).
export const passwordsStrings = {
  // Passwords (spec §4 "Password flow", §5, §9)
  'password.create.header': 'Create an account',
  'password.login.header': 'Log in',
  'password.label': 'Password',
  'password.show': 'Show password',
  'password.hide': 'Hide password',
  'password.forgot': 'Forgot password?',
  'password.emailLoginLink': 'Email me a login link',
  'password.back': 'Back',
  'password.strength': 'Password strength: {score} of 4',
  'password.luds.length': 'Must be at least {count} characters long',
  'password.luds.complexity': 'Must contain {count} of the following: uppercase letter, lowercase letter, number, symbol',
  'password.breached': 'This password may have been used on a different site that experienced a security issue. Please choose another password.',
  'password.forgot.header': 'Check your email',
  'password.forgot.text': 'A link to reset your password was sent to you at {email}.',
  'password.dedupe.header': 'Check your email',
  'password.dedupe.text': 'An account with {email} already exists. To keep it secure, we sent you a link to set a password.',
  'password.breached.header': 'Reset your password',
  'password.breached.text': 'A link to reset your password was sent to you at {email}.',
  'password.setNew.header': 'Check your email to set a password',
  'password.setNew.text': 'Your account has no password yet. A link to set one was sent to you at {email}.',
  'password.reset.header': 'Set a new password',
  'password.reset.label': 'New password',
  'password.reset.noToken': 'This password reset link is not valid. Ask for a new one.',
  'password.loggingIn': 'Logging in',
} as const;
