// The product app's sign-in methods (spec §3 "Sign-in methods", plus passkeys); docs/decisions/104 and 108
// (farcaster). A module of its own so the console shell's session code does not load the auth-settings schemas.
export const productSignInMethods = ['email', 'phone', 'passkey', 'google', 'discord', 'evm', 'solana', 'farcaster'] as const;
export type ProductSignInMethod = (typeof productSignInMethods)[number];
