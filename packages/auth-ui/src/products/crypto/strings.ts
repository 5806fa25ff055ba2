// The English strings of this product (ADR 113: a product carries its own, so a bundle ships only the strings of
// the products it imports). Keys and the `{name}` placeholders are the catalogue's (strings.ts).
export const cryptoStrings = {
  // Crypto wallets (spec §2 Main and the Crypto screens, §4 "Crypto", §8)
  'crypto.continueWith': 'Continue with {wallet}',
  'crypto.otherWallets': 'Other wallets',
  'crypto.setupLink': 'Set up a new crypto wallet',
  'crypto.connect.header': 'Connect {wallet}',
  'crypto.connect.text': 'Approve the connection request in your wallet.',
  'crypto.sign.header': 'Sign the message',
  'crypto.sign.text': 'Sign the message in {wallet} to prove that the wallet is yours. Signing costs nothing.',
  'crypto.other.header': 'Other wallets',
  'crypto.other.none': 'No other wallet was found in this browser.',
  'crypto.setup.header': 'Set up a new crypto wallet',
  'crypto.setup.text': 'Install one of these wallets, then come back and continue with it.',
  'crypto.setup.get': 'Get {wallet}',
  'crypto.connectFailed': 'Could not connect to wallet',
  'crypto.signFailed': 'Could not sign message',
  'crypto.error.header': 'Looks like there was an error!',
  'crypto.error.text': 'Your sign in request could not be completed. Use the back arrow to return to the log in screen and try again!',
  'crypto.success': 'Your wallet has been successfully verified.',
  'crypto.waiting': 'Waiting for your wallet',
  'crypto.back': 'Back',
} as const;
