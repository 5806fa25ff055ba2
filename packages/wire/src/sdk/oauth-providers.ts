// The OAuth providers of spec §3 (apart from ./oauth.ts so that sessions.ts can name their factors).
/** Spec §3: the OAuth providers, in product order. */
export const oauthProviders = [
  'google',
  'microsoft',
  'apple',
  'github',
  'gitlab',
  'facebook',
  'discord',
  'salesforce',
  'slack',
  'amazon',
  'bitbucket',
  'linkedin',
  'coinbase',
  'twitch',
  'twitter',
  'tiktok',
  'snapchat',
  'figma',
  'yahoo',
] as const;

export type OauthProvider = (typeof oauthProviders)[number];
