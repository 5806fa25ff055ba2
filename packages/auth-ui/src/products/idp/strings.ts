// The English strings of this product (ADR 113: a product carries its own, so a bundle ships only the strings of
// the products it imports). Keys and the `{name}` placeholders are the catalogue's (strings.ts).
export const idpStrings = {
  // IDP Consent and logout confirmation (spec §2 IDP consent, §4 Authorize, §5, §8)
  'idp.missingParameter': 'Required parameter is missing: {param}. Please reach out to the application developer.',
  'idp.noSession': 'No active session detected. Please log in to continue.',
  'idp.loading': 'Loading',
  'idp.consent.header': '{client} wants to access your account',
  'idp.consent.intro': 'This will allow {client} to:',
  'idp.consent.allow': 'Allow',
  'idp.consent.deny': 'Deny',
  'idp.scope.openid': 'Confirm who you are',
  'idp.scope.profile': 'See your basic profile information, such as your name',
  'idp.scope.email': 'See your email address',
  'idp.scope.phone': 'See your phone number',
  'idp.scope.full_access': 'Act on your behalf with full access to your account',
  'idp.scope.offline_access': 'Keep this access while you are not using the application',
  'idp.scope.other': 'Use the permission "{scope}"',
  'idp.denied': 'Access to the application was denied.',
  'idp.returnToApplication': 'Return to the application',
  'idp.logout.header': 'Log out',
  'idp.logout.question': 'The application asked to log you out. Do you want to log out?',
  'idp.logout.yes': 'Yes, log out',
  'idp.logout.no': 'No, stay logged in',
  'idp.logout.kept': 'You have not been logged out. You may close this page.',
} as const;
