// Every OAuth 2.0 provider adapter against an HTTP stand-in answering that provider's documented token and profile
// shapes (Google, through OIDC, is tested against a real OIDC provider in ../oauth.int.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpStandIn, type RecordedRequest } from '../../../testing/http-stand-in.ts';
import { oauth2Specs } from './catalogue.ts';
import { oauth2Provider } from './oauth2.ts';
import type { ProviderProfile } from './types.ts';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const appleIdToken = `${b64({ alg: 'none' })}.${b64({ sub: 'apple-001', email: 'ADA@privaterelay.appleid.com', email_verified: 'true' })}.sig`;
const userinfo = {
  sub: 'oidc-7',
  email: 'ada@example.com',
  email_verified: true,
  given_name: 'Ada',
  family_name: 'Lovelace',
  picture: 'https://p.example/ada.png',
};
const fromUserinfo: ProviderProfile = {
  subject: 'oidc-7',
  email: 'ada@example.com',
  emailVerified: true,
  firstName: 'Ada',
  lastName: 'Lovelace',
  pictureUrl: 'https://p.example/ada.png',
};

/** Per provider: each profile endpoint's documented answer, and the profile it must map to. */
const cases: Record<keyof typeof oauth2Specs, { answers: Record<string, unknown>; profile: ProviderProfile }> = {
  microsoft: { answers: { userinfo }, profile: { ...fromUserinfo, emailVerified: false } },
  apple: {
    answers: {},
    profile: { subject: 'apple-001', email: 'ada@privaterelay.appleid.com', emailVerified: true, firstName: '', lastName: '', pictureUrl: '' },
  },
  github: {
    answers: {
      user: { id: 583231, login: 'octocat', name: 'The Octocat', avatar_url: 'https://avatars.example/583231', email: null },
      emails: [
        { email: 'old@example.com', primary: false, verified: true },
        { email: 'Octo@Example.com', primary: true, verified: true },
      ],
    },
    profile: {
      subject: '583231',
      email: 'octo@example.com',
      emailVerified: true,
      firstName: 'The',
      lastName: 'Octocat',
      pictureUrl: 'https://avatars.example/583231',
    },
  },
  gitlab: { answers: { userinfo }, profile: fromUserinfo },
  facebook: {
    answers: {
      me: {
        id: '10158',
        name: 'Ada Lovelace',
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.com',
        picture: { data: { url: 'https://fb.example/ada.jpg' } },
      },
    },
    profile: {
      subject: '10158',
      email: 'ada@example.com',
      emailVerified: true,
      firstName: 'Ada',
      lastName: 'Lovelace',
      pictureUrl: 'https://fb.example/ada.jpg',
    },
  },
  discord: {
    answers: {
      user: {
        id: '80351110224678912',
        username: 'nelly',
        global_name: 'Nelly Bly',
        avatar: '8342729096ea3675442027381ff50dfe',
        email: 'nelly@example.com',
        verified: true,
      },
    },
    profile: {
      subject: '80351110224678912',
      email: 'nelly@example.com',
      emailVerified: true,
      firstName: 'Nelly',
      lastName: 'Bly',
      pictureUrl: 'https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png',
    },
  },
  salesforce: { answers: { userinfo }, profile: fromUserinfo },
  slack: { answers: { userinfo: { ok: true, ...userinfo } }, profile: fromUserinfo },
  amazon: {
    answers: { profile: { user_id: 'amzn1.account.K2LI23KL2LK2', email: 'ada@example.com', name: 'Ada Lovelace' } },
    profile: { subject: 'amzn1.account.K2LI23KL2LK2', email: 'ada@example.com', emailVerified: true, firstName: 'Ada', lastName: 'Lovelace', pictureUrl: '' },
  },
  bitbucket: {
    answers: {
      user: { uuid: '{d301aafa-d676-4ee0-88be-962be7417567}', display_name: 'Ada Lovelace', links: { avatar: { href: 'https://bb.example/ada.png' } } },
      emails: { values: [{ email: 'ada@example.com', is_primary: true, is_confirmed: false }] },
    },
    profile: {
      subject: '{d301aafa-d676-4ee0-88be-962be7417567}',
      email: 'ada@example.com',
      emailVerified: false,
      firstName: 'Ada',
      lastName: 'Lovelace',
      pictureUrl: 'https://bb.example/ada.png',
    },
  },
  linkedin: { answers: { userinfo }, profile: fromUserinfo },
  coinbase: {
    answers: {
      user: { data: { id: '9da7a204-544e-5fd1-9a12-61176c5d4cd8', name: 'User One', email: 'one@example.com', avatar_url: 'https://cb.example/1.png' } },
    },
    profile: {
      subject: '9da7a204-544e-5fd1-9a12-61176c5d4cd8',
      email: 'one@example.com',
      emailVerified: false,
      firstName: 'User',
      lastName: 'One',
      pictureUrl: 'https://cb.example/1.png',
    },
  },
  twitch: {
    answers: {
      users: {
        data: [{ id: '141981764', login: 'twitchdev', display_name: 'TwitchDev', email: 'dev@example.com', profile_image_url: 'https://tw.example/p.png' }],
      },
    },
    profile: {
      subject: '141981764',
      email: 'dev@example.com',
      emailVerified: false,
      firstName: 'TwitchDev',
      lastName: '',
      pictureUrl: 'https://tw.example/p.png',
    },
  },
  twitter: {
    answers: {
      me: {
        data: { id: '2244994945', name: 'X Dev', username: 'XDevelopers', profile_image_url: 'https://x.example/p.jpg', confirmed_email: 'dev@example.com' },
      },
    },
    profile: { subject: '2244994945', email: 'dev@example.com', emailVerified: true, firstName: 'X', lastName: 'Dev', pictureUrl: 'https://x.example/p.jpg' },
  },
  tiktok: {
    answers: {
      user: {
        data: {
          user: { open_id: '723f24d7-e717-40f8-a2b6-cb8464cd23b4', union_id: 'c9c60f44', avatar_url: 'https://tt.example/a.jpg', display_name: 'Tik Toker' },
        },
      },
    },
    profile: {
      subject: '723f24d7-e717-40f8-a2b6-cb8464cd23b4',
      email: undefined,
      emailVerified: false,
      firstName: 'Tik',
      lastName: 'Toker',
      pictureUrl: 'https://tt.example/a.jpg',
    },
  },
  snapchat: {
    answers: {
      me: {
        data: { me: { externalId: 'CAESIPiRBp0e5gLDq7VVurQ3rVdmdbqxpOJWynjyBL', displayName: 'Snap User', bitmoji: { avatar: 'https://snap.example/b.png' } } },
      },
    },
    profile: {
      subject: 'CAESIPiRBp0e5gLDq7VVurQ3rVdmdbqxpOJWynjyBL',
      email: undefined,
      emailVerified: false,
      firstName: 'Snap',
      lastName: 'User',
      pictureUrl: 'https://snap.example/b.png',
    },
  },
  figma: {
    answers: { me: { id: '1234567890', email: 'designer@example.com', handle: 'Design Er', img_url: 'https://figma.example/i.png' } },
    profile: {
      subject: '1234567890',
      email: 'designer@example.com',
      emailVerified: false,
      firstName: 'Design',
      lastName: 'Er',
      pictureUrl: 'https://figma.example/i.png',
    },
  },
  yahoo: { answers: { userinfo }, profile: fromUserinfo },
};

let standIn: Awaited<ReturnType<typeof startHttpStandIn>>;
beforeAll(async () => {
  standIn = await startHttpStandIn((request: RecordedRequest) => {
    const [, provider, name] = new URL(request.url, 'http://stand-in').pathname.split('/');
    const known = cases[provider as keyof typeof cases];
    if (!known) return { status: 404, body: '{}' };
    if (name === 'token') {
      const body = new URLSearchParams(request.body);
      if (body.get('code') !== 'the-code') return { status: 400, body: JSON.stringify({ error: 'invalid_grant', error_description: 'Bad code' }) };
      return {
        status: 200,
        body: JSON.stringify({
          access_token: `${provider}-access-token`,
          token_type: 'bearer',
          expires_in: 3600,
          refresh_token: `${provider}-refresh-token`,
          scope: 'a b',
          ...(provider === 'apple' ? { id_token: appleIdToken } : {}),
        }),
      };
    }
    if (request.headers.authorization !== `Bearer ${provider}-access-token`) return { status: 401, body: '{}' };
    return name && name in known.answers ? { status: 200, body: JSON.stringify(known.answers[name]) } : { status: 404, body: '{}' };
  });
});
afterAll(() => standIn?.close());

const client = { clientId: 'the-client-id', clientSecret: 'the-client-secret', redirectUri: 'https://keepsake.example/v1/public/oauth/callback' };
const flow = { state: 'the-state', codeVerifier: 'v'.repeat(43), nonce: 'n' };

function adapterFor(provider: keyof typeof oauth2Specs) {
  const spec = oauth2Specs[provider];
  const overrides = Object.fromEntries(Object.keys(spec.endpoints).map((name) => [name, `${standIn.url}/${provider}/${name}`]));
  return { spec, adapter: oauth2Provider(spec, overrides) };
}

describe('OAuth 2.0 provider adapters', () => {
  for (const provider of Object.keys(cases) as Array<keyof typeof cases>) {
    it(`${provider}: authorization URL, code exchange with the right credentials, profile mapping`, async () => {
      const { spec, adapter } = adapterFor(provider);
      const url = await adapter.authorizationUrl(client, flow, [...spec.scopes], { prompt: 'consent' });
      expect(url.origin + url.pathname).toBe(`${standIn.url}/${provider}/authorization`);
      expect(url.searchParams.get(spec.clientIdParam ?? 'client_id')).toBe('the-client-id');
      expect(url.searchParams.get('state')).toBe('the-state');
      expect(url.searchParams.get('redirect_uri')).toBe(client.redirectUri);
      expect(url.searchParams.get('prompt')).toBe('consent');
      expect(url.searchParams.has('code_challenge')).toBe(spec.pkce);
      expect(url.searchParams.get('response_mode')).toBe(provider === 'apple' ? 'form_post' : null);

      const before = standIn.requests.length;
      const result = await adapter.finish(client, flow, new URL(`${client.redirectUri}?code=the-code&state=the-state`));
      expect(result.profile).toEqual(cases[provider].profile);
      expect(result.tokens).toEqual(
        expect.objectContaining({ accessToken: `${provider}-access-token`, refreshToken: `${provider}-refresh-token`, scopes: ['a', 'b'] }),
      );
      expect(result.tokens.expiresAt!.getTime()).toBeGreaterThan(Date.now());

      const tokenRequest = standIn.requests.slice(before).find((r) => r.url === `/${provider}/token`)!;
      const form = new URLSearchParams(tokenRequest.body);
      expect(form.get('code')).toBe('the-code');
      expect(form.get('code_verifier')).toBe(spec.pkce ? flow.codeVerifier : null);
      if (spec.credentials === 'basic') {
        expect(tokenRequest.headers.authorization).toBe(`Basic ${Buffer.from('the-client-id:the-client-secret').toString('base64')}`);
      } else {
        expect(form.get('client_secret')).toBe('the-client-secret');
        expect(form.get(spec.clientIdParam ?? 'client_id')).toBe('the-client-id');
      }
    });
  }

  it('a refused code is the provider refusing, with its description', async () => {
    for (const provider of ['github', 'amazon'] as const) {
      const { adapter } = adapterFor(provider);
      await expect(adapter.finish(client, flow, new URL(`${client.redirectUri}?code=wrong&state=the-state`))).rejects.toMatchObject({
        errorType: 'oauth_provider_error',
        message: expect.stringContaining('Bad code'),
      });
    }
  });

  it("apple: the form_post `user` gives the name; a missing or malformed one leaves the ID token's profile", async () => {
    const { adapter } = adapterFor('apple');
    const user = encodeURIComponent(JSON.stringify({ name: { firstName: 'Ada', lastName: 'Lovelace' }, email: 'x@privaterelay.appleid.com' }));
    const named = await adapter.finish(client, flow, new URL(`${client.redirectUri}?code=the-code&state=the-state&user=${user}`));
    expect(named.profile).toEqual({ ...cases.apple.profile, firstName: 'Ada', lastName: 'Lovelace' });
    const malformed = await adapter.finish(client, flow, new URL(`${client.redirectUri}?code=the-code&state=the-state&user=%7Bnot-json`));
    expect(malformed.profile).toEqual(cases.apple.profile);
  });
});
