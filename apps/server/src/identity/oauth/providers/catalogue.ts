// The OAuth 2.0 providers of spec §3 other than Google (OIDC discovery, ./oidc.ts): each one's public endpoints,
// scopes, PKCE support, how it takes the client's credentials, and how its profile maps to email, verified flag,
// name and picture (docs/oauth.md has the table). Amazon and Snapchat have no arctic class; they are specs here
// like every other provider.
import { decodeIdToken } from 'arctic';
import type { OauthProvider } from '@keepsake/wire/sdk/oauth';
import type { OAuth2Spec } from './oauth2.ts';
import { splitName, type ProviderProfile } from './types.ts';

const str = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** The value at `path` in a JSON answer (undefined when any step is missing). */
function at(value: unknown, ...path: Array<string | number>): unknown {
  let current = value;
  for (const step of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string | number, unknown>)[step];
  }
  return current;
}

/** JSON text read leniently: undefined when absent or not JSON (Apple's `user` form field). */
function parseJson(text: string | null): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** An answer read as a record of fields. */
const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});

/** A standard OpenID Connect userinfo answer. `trustVerified`: whether the provider's `email_verified` is meaningful. */
function fromUserinfo(info: Record<string, unknown>, trustVerified = true): ProviderProfile {
  const named = splitName(str(info.name));
  return {
    subject: str(info.sub ?? info.user_id),
    email: str(info.email) || undefined,
    emailVerified: trustVerified && (info.email_verified === true || info.email_verified === 'true'),
    firstName: str(info.given_name) || named.firstName,
    lastName: str(info.family_name) || named.lastName,
    pictureUrl: str(info.picture),
  };
}

const oidcScopes = ['openid', 'email', 'profile'] as const;

export const oauth2Specs: Record<Exclude<OauthProvider, 'google'>, OAuth2Spec> = {
  microsoft: {
    type: 'microsoft',
    endpoints: {
      authorization: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
      token: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
      userinfo: 'https://graph.microsoft.com/oidc/userinfo',
    },
    scopes: oidcScopes,
    pkce: true,
    credentials: 'body',
    // Microsoft accounts do not vouch for the address (any tenant may set any email): never verified.
    profile: async (get) => fromUserinfo(record(await get('userinfo')), false),
  },
  apple: {
    type: 'apple',
    endpoints: { authorization: 'https://appleid.apple.com/auth/authorize', token: 'https://appleid.apple.com/auth/token' },
    // Apple shares name and email only with response_mode=form_post: it POSTs code, state and (on the first
    // sign-in only) a `user` JSON with the name to the callback.
    scopes: ['name', 'email'],
    responseMode: 'form_post',
    pkce: true,
    credentials: 'body',
    // The ID token came straight from Apple's token endpoint over TLS (OIDC Core 3.1.3.7): its claims are the
    // profile; the name comes from the form's `user` ({"name":{"firstName","lastName"},"email"}).
    async profile(_get, tokens, callback) {
      const profile = fromUserinfo(record(decodeIdToken(tokens.idToken())));
      const name = record(at(parseJson(callback.get('user')), 'name'));
      return { ...profile, firstName: str(name.firstName) || profile.firstName, lastName: str(name.lastName) || profile.lastName };
    },
  },
  github: {
    type: 'github',
    endpoints: {
      authorization: 'https://github.com/login/oauth/authorize',
      token: 'https://github.com/login/oauth/access_token',
      user: 'https://api.github.com/user',
      emails: 'https://api.github.com/user/emails',
    },
    scopes: ['read:user', 'user:email'],
    pkce: true,
    credentials: 'basic',
    async profile(get) {
      const user = record(await get('user'));
      const list = await get('emails');
      const emails = (Array.isArray(list) ? list : []) as Array<{ email: string; primary: boolean; verified: boolean }>;
      const primary = emails.find((e) => e.primary) ?? emails[0];
      return {
        subject: str(user.id),
        email: primary?.email ?? (str(user.email) || undefined),
        emailVerified: primary?.verified === true,
        ...splitName(str(user.name) || str(user.login)),
        pictureUrl: str(user.avatar_url),
      };
    },
  },
  gitlab: {
    type: 'gitlab',
    endpoints: { authorization: 'https://gitlab.com/oauth/authorize', token: 'https://gitlab.com/oauth/token', userinfo: 'https://gitlab.com/oauth/userinfo' },
    scopes: oidcScopes,
    pkce: true,
    credentials: 'body',
    profile: async (get) => fromUserinfo(record(await get('userinfo'))),
  },
  facebook: {
    type: 'facebook',
    endpoints: {
      authorization: 'https://www.facebook.com/v21.0/dialog/oauth',
      token: 'https://graph.facebook.com/v21.0/oauth/access_token',
      me: 'https://graph.facebook.com/v21.0/me?fields=id,name,first_name,last_name,email,picture.type(large)',
    },
    scopes: ['email', 'public_profile'],
    pkce: false,
    credentials: 'body',
    async profile(get) {
      const me = record(await get('me'));
      // Facebook returns only a confirmed address.
      return {
        subject: str(me.id),
        email: str(me.email) || undefined,
        emailVerified: Boolean(me.email),
        firstName: str(me.first_name),
        lastName: str(me.last_name),
        pictureUrl: str(at(me, 'picture', 'data', 'url')),
      };
    },
  },
  discord: {
    type: 'discord',
    endpoints: {
      authorization: 'https://discord.com/oauth2/authorize',
      token: 'https://discord.com/api/oauth2/token',
      user: 'https://discord.com/api/users/@me',
    },
    scopes: ['identify', 'email'],
    pkce: true,
    credentials: 'basic',
    async profile(get) {
      const user = record(await get('user'));
      const id = str(user.id);
      return {
        subject: id,
        email: str(user.email) || undefined,
        emailVerified: user.verified === true,
        ...splitName(str(user.global_name) || str(user.username)),
        pictureUrl: user.avatar ? `https://cdn.discordapp.com/avatars/${id}/${str(user.avatar)}.png` : '',
      };
    },
  },
  salesforce: {
    type: 'salesforce',
    endpoints: {
      authorization: 'https://login.salesforce.com/services/oauth2/authorize',
      token: 'https://login.salesforce.com/services/oauth2/token',
      userinfo: 'https://login.salesforce.com/services/oauth2/userinfo',
    },
    scopes: oidcScopes,
    pkce: true,
    credentials: 'body',
    profile: async (get) => fromUserinfo(record(await get('userinfo'))),
  },
  slack: {
    type: 'slack',
    endpoints: {
      authorization: 'https://slack.com/openid/connect/authorize',
      token: 'https://slack.com/api/openid.connect.token',
      userinfo: 'https://slack.com/api/openid.connect.userInfo',
    },
    scopes: oidcScopes,
    pkce: false,
    credentials: 'body',
    profile: async (get) => fromUserinfo(record(await get('userinfo'))),
  },
  amazon: {
    type: 'amazon',
    endpoints: { authorization: 'https://www.amazon.com/ap/oa', token: 'https://api.amazon.com/auth/o2/token', profile: 'https://api.amazon.com/user/profile' },
    scopes: ['profile'],
    pkce: true,
    credentials: 'body',
    async profile(get) {
      const profile = record(await get('profile'));
      // Login with Amazon shares the account's confirmed address.
      return {
        subject: str(profile.user_id),
        email: str(profile.email) || undefined,
        emailVerified: Boolean(profile.email),
        ...splitName(str(profile.name)),
        pictureUrl: '',
      };
    },
  },
  bitbucket: {
    type: 'bitbucket',
    endpoints: {
      authorization: 'https://bitbucket.org/site/oauth2/authorize',
      token: 'https://bitbucket.org/site/oauth2/access_token',
      user: 'https://api.bitbucket.org/2.0/user',
      emails: 'https://api.bitbucket.org/2.0/user/emails',
    },
    scopes: ['account', 'email'],
    pkce: false,
    credentials: 'basic',
    async profile(get) {
      const user = record(await get('user'));
      const values = at(await get('emails'), 'values');
      const emails = (Array.isArray(values) ? values : []) as Array<{ email: string; is_primary: boolean; is_confirmed: boolean }>;
      const primary = emails.find((e) => e.is_primary) ?? emails[0];
      return {
        subject: str(user.uuid),
        email: primary?.email,
        emailVerified: primary?.is_confirmed === true,
        ...splitName(str(user.display_name)),
        pictureUrl: str(at(user, 'links', 'avatar', 'href')),
      };
    },
  },
  linkedin: {
    type: 'linkedin',
    endpoints: {
      authorization: 'https://www.linkedin.com/oauth/v2/authorization',
      token: 'https://www.linkedin.com/oauth/v2/accessToken',
      userinfo: 'https://api.linkedin.com/v2/userinfo',
    },
    scopes: oidcScopes,
    pkce: false,
    credentials: 'body',
    profile: async (get) => fromUserinfo(record(await get('userinfo'))),
  },
  coinbase: {
    type: 'coinbase',
    endpoints: {
      authorization: 'https://login.coinbase.com/oauth2/auth',
      token: 'https://login.coinbase.com/oauth2/token',
      user: 'https://api.coinbase.com/v2/user',
    },
    scopes: ['wallet:user:read', 'wallet:user:email'],
    pkce: true,
    credentials: 'body',
    async profile(get) {
      const { data } = (await get('user')) as { data: Record<string, unknown> };
      return {
        subject: str(data.id),
        email: str(data.email) || undefined,
        emailVerified: false,
        ...splitName(str(data.name)),
        pictureUrl: str(data.avatar_url),
      };
    },
  },
  twitch: {
    type: 'twitch',
    endpoints: {
      authorization: 'https://id.twitch.tv/oauth2/authorize',
      token: 'https://id.twitch.tv/oauth2/token',
      users: 'https://api.twitch.tv/helix/users',
    },
    scopes: ['user:read:email'],
    pkce: false,
    credentials: 'body',
    apiHeaders: (clientId) => ({ 'client-id': clientId }),
    async profile(get) {
      const user = record(at(await get('users'), 'data', 0));
      return {
        subject: str(user.id),
        email: str(user.email) || undefined,
        emailVerified: false,
        ...splitName(str(user.display_name) || str(user.login)),
        pictureUrl: str(user.profile_image_url),
      };
    },
  },
  twitter: {
    type: 'twitter',
    endpoints: {
      authorization: 'https://x.com/i/oauth2/authorize',
      token: 'https://api.x.com/2/oauth2/token',
      me: 'https://api.x.com/2/users/me?user.fields=profile_image_url,confirmed_email',
    },
    scopes: ['users.read', 'tweet.read', 'users.email', 'offline.access'],
    pkce: true,
    credentials: 'basic',
    async profile(get) {
      const data = record(at(await get('me'), 'data'));
      const email = str(data.confirmed_email);
      return {
        subject: str(data.id),
        email: email || undefined,
        emailVerified: Boolean(email),
        ...splitName(str(data.name)),
        pictureUrl: str(data.profile_image_url),
      };
    },
  },
  tiktok: {
    type: 'tiktok',
    endpoints: {
      authorization: 'https://www.tiktok.com/v2/auth/authorize/',
      token: 'https://open.tiktokapis.com/v2/oauth/token/',
      user: 'https://open.tiktokapis.com/v2/user/info/?fields=open_id,union_id,avatar_url,display_name',
    },
    scopes: ['user.info.basic'],
    pkce: false,
    credentials: 'body',
    clientIdParam: 'client_key',
    async profile(get) {
      const user = record(at(await get('user'), 'data', 'user'));
      // TikTok shares no email address.
      return { subject: str(user.open_id), email: undefined, emailVerified: false, ...splitName(str(user.display_name)), pictureUrl: str(user.avatar_url) };
    },
  },
  snapchat: {
    type: 'snapchat',
    endpoints: {
      authorization: 'https://accounts.snapchat.com/accounts/oauth2/auth',
      token: 'https://accounts.snapchat.com/accounts/oauth2/token',
      me: 'https://kit.snapchat.com/v1/me?query=%7Bme%7BexternalId%20displayName%20bitmoji%7Bavatar%7D%7D%7D',
    },
    scopes: [
      'https://auth.snapchat.com/oauth2/api/user.external_id',
      'https://auth.snapchat.com/oauth2/api/user.display_name',
      'https://auth.snapchat.com/oauth2/api/user.bitmoji.avatar',
    ],
    pkce: true,
    credentials: 'basic',
    async profile(get) {
      const me = record(at(await get('me'), 'data', 'me'));
      // Snap Kit shares no email address.
      return {
        subject: str(me.externalId),
        email: undefined,
        emailVerified: false,
        ...splitName(str(me.displayName)),
        pictureUrl: str(at(me, 'bitmoji', 'avatar')),
      };
    },
  },
  figma: {
    type: 'figma',
    endpoints: { authorization: 'https://www.figma.com/oauth', token: 'https://api.figma.com/v1/oauth/token', me: 'https://api.figma.com/v1/me' },
    scopes: ['current_user:read'],
    pkce: true,
    credentials: 'basic',
    async profile(get) {
      const me = record(await get('me'));
      return { subject: str(me.id), email: str(me.email) || undefined, emailVerified: false, ...splitName(str(me.handle)), pictureUrl: str(me.img_url) };
    },
  },
  yahoo: {
    type: 'yahoo',
    endpoints: {
      authorization: 'https://api.login.yahoo.com/oauth2/request_auth',
      token: 'https://api.login.yahoo.com/oauth2/get_token',
      userinfo: 'https://api.login.yahoo.com/openid/v1/userinfo',
    },
    scopes: oidcScopes,
    pkce: true,
    credentials: 'basic',
    profile: async (get) => fromUserinfo(record(await get('userinfo'))),
  },
};
