// The English strings of this product (ADR 113: a product carries its own, so a bundle ships only the strings of
// the products it imports). Keys and the `{name}` placeholders are the catalogue's (strings.ts).
export const oauthStrings = {
  // OAuth and Google One Tap (spec §2 Main, §3 oauthOptions, §4 "One Tap states", §8)
  'oauth.continueWith': 'Continue with {provider}',
  'oauth.loggingIn': 'Logging in',
  'oauth.success': 'You have successfully signed in.',
  'oauth.oneTap.notShown': 'Google One Tap was not shown ({reason}).',
  'oauth.back': 'Back',
} as const;
