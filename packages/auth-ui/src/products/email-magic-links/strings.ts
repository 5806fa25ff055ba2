// The English strings of this product (ADR 113: a product carries its own, so a bundle ships only the strings of
// the products it imports). Keys and the `{name}` placeholders are the catalogue's (strings.ts).
export const emailMagicLinksStrings = {
  'eml.confirmation.header': 'Check your email',
  'eml.confirmation.sentTo': 'An email was sent to {email}.',
  'eml.confirmation.tryAgain': 'Try again',
} as const;
