import { describe, expect, it } from 'vitest';
import type { AuthCore } from '../core/product.ts';
import { createPkceStore, pkceChallenge } from '../pkce.ts';
import type { BootstrapData } from '../types.ts';
import { oauth, OAUTH_NO_VERIFIER_WARNING } from './oauth.ts';

/** A client core with a recorded transport and navigation; bootstrap says whether PKCE is required. */
function fakeCore(pkceRequired: boolean) {
  const navigations: string[] = [];
  const warnings: string[] = [];
  const requests: Array<{ path: string; body: Record<string, unknown> }> = [];
  const core = {
    publicToken: 'public-token-test-abc',
    baseUrl: 'https://auth.example.com',
    bootstrap: async () => ({ pkce_required_for_oauth: pkceRequired }) as BootstrapData,
    pkce: createPkceStore('public-token-test-abc', undefined),
    navigate: (url: string) => navigations.push(url),
    warn: (message: string) => warnings.push(message),
    transport: {
      request: async (request: { path: string; body: Record<string, unknown> }) => {
        requests.push(request);
        return { session_token: 't' };
      },
    },
    session: { update: () => undefined },
  } as unknown as AuthCore;
  return { core, navigations, warnings, requests, api: oauth.install(core) };
}

describe('client.oauth', () => {
  it('start navigates to the start URL with the public token, scopes, provider params and redirect URLs', async () => {
    const { api, navigations } = fakeCore(false);
    await api.github.start({
      login_redirect_url: 'https://app.example.com/login',
      signup_redirect_url: 'https://app.example.com/signup',
      custom_scopes: ['read:user', 'repo'],
      provider_params: { login: 'ada' },
    });
    const url = new URL(navigations[0]!);
    expect(url.origin + url.pathname).toBe('https://auth.example.com/v1/public/oauth/github/start');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      public_token: 'public-token-test-abc',
      custom_scopes: 'read:user repo',
      provider_login: 'ada',
      login_redirect_url: 'https://app.example.com/login',
      signup_redirect_url: 'https://app.example.com/signup',
    });
  });

  it('sends a code_challenge only when bootstrap requires PKCE, and presents its verifier at authenticate', async () => {
    const { api, navigations, requests, warnings } = fakeCore(true);
    await api.google.start();
    const challenge = new URL(navigations[0]!).searchParams.get('code_challenge');
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await api.authenticate('the-token', { session_duration_minutes: 60 });
    const verifier = requests[0]!.body.code_verifier as string;
    expect(await pkceChallenge(verifier)).toBe(challenge);
    expect(requests[0]).toEqual(expect.objectContaining({ path: '/oauth/authenticate' }));
    expect(warnings).toEqual([]);
  });

  it('warns (spec §8) when authenticating without a verifier, and starts without a challenge when PKCE is off', async () => {
    const { api, navigations, requests, warnings } = fakeCore(false);
    await api.google.start();
    expect(new URL(navigations[0]!).searchParams.has('code_challenge')).toBe(false);
    await api.authenticate('the-token');
    expect(requests[0]!.body).toEqual({ token: 'the-token' });
    expect(warnings).toEqual([OAUTH_NO_VERIFIER_WARNING]);
  });

  it('refuses a bad call before navigating', async () => {
    const { api, navigations } = fakeCore(false);
    await expect(api.google.start({ custom_scopes: 'email' as never })).rejects.toThrow('Invalid call to oauth.google.start');
    await expect(api.authenticate('')).rejects.toThrow('Invalid call to oauth.authenticate');
    expect(navigations).toEqual([]);
  });
});
