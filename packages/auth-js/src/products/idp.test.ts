import { describe, expect, it } from 'vitest';
import type { AuthCore } from '../core/product.ts';
import { idp } from './idp.ts';

/** A client core whose transport records each request and answers `answer`. */
function fakeCore(answer: Record<string, unknown>) {
  const requests: Array<{ method: string; path: string; body: unknown }> = [];
  const core = {
    transport: {
      request: async (request: { method: string; path: string; body: unknown }) => {
        requests.push(request);
        return answer;
      },
    },
  } as unknown as AuthCore;
  return { requests, api: idp.install(core) };
}

const authorize = { client_id: 'connected-app-1', redirect_uri: 'https://rp.example/cb', response_type: 'code', scope: 'openid email', state: 's' };

describe('client.idp', () => {
  it('preflights the authorize request at /oauth/authorize/start with its fields passed through', async () => {
    const answer = { consent_required: true, oidc_client: { client_id: 'connected-app-1', client_name: 'RP', client_type: 'third_party' }, scopes: ['openid'] };
    const { api, requests } = fakeCore(answer);
    await expect(api.oauthAuthorizeStart(authorize)).resolves.toEqual(answer);
    expect(requests).toEqual([{ method: 'POST', path: '/oauth/authorize/start', body: authorize }]);
  });

  it('submits the answer with consent_granted to /oauth/authorize and returns the redirect', async () => {
    const { api, requests } = fakeCore({ redirect_uri: 'https://rp.example/cb?code=c&state=s' });
    const { redirect_uri } = await api.oauthAuthorizeSubmit({ ...authorize, scopes: ['openid'], consent_granted: false });
    expect(redirect_uri).toBe('https://rp.example/cb?code=c&state=s');
    expect(requests[0]).toEqual({ method: 'POST', path: '/oauth/authorize', body: { ...authorize, scopes: ['openid'], consent_granted: false } });
  });

  it('preflights logout at /oauth/logout/start', async () => {
    const { api, requests } = fakeCore({ consent_required: false, redirect_uri: 'https://rp.example/bye?state=x' });
    const logout = { client_id: 'connected-app-1', post_logout_redirect_uri: 'https://rp.example/bye', id_token_hint: 'a.b.c', state: 'x' };
    await expect(api.oauthLogoutStart(logout)).resolves.toEqual({ consent_required: false, redirect_uri: 'https://rp.example/bye?state=x' });
    expect(requests).toEqual([{ method: 'POST', path: '/oauth/logout/start', body: logout }]);
  });
});
