// issue 12 (OAuth, item 18): Stytch's own @stytch/vanilla-js (headless) in Chromium: `oauth.google.start` builds the
// start URL (with a PKCE challenge when bootstrap requires it) and the whole flow runs through real redirects
// against the OpenID Connect stand-in playing Google (e2e/global-setup.ts), then `oauth.authenticate` signs in.
import { expect, expectSignedIn, test } from './fixtures.ts';
import { E2E_GOOGLE_CLIENT } from '../support/oidc.ts';

test('oauth.google.start → the provider → callback → redirect URL → oauth.authenticate with the verifier', async ({ page, genuine, keepsake }) => {
  const project = await genuine.start(page, { authConfig: { oauth: { pkceRequired: true } } });
  await keepsake.setOauthClient(project.id, 'google', E2E_GOOGLE_CLIENT);
  const redirect = `${genuine.site}/authenticate`;
  const requests: Array<{ url: string; body: string | null }> = [];
  page.on('request', (request) => void requests.push({ url: request.url(), body: request.postData() }));

  // start() navigates away, so the page is not awaited for its result.
  await page.evaluate(
    (url) => void window.stytch.oauth.google.start({ login_redirect_url: url, signup_redirect_url: url, custom_scopes: ['openid'] }),
    redirect,
  );
  await page.getByLabel('Account name').waitFor();
  const start = new URL(requests.find((r) => r.url.includes('/v1/public/oauth/google/start'))!.url);
  expect(start.origin).toBe(keepsake.url);
  expect(start.searchParams.get('public_token')).toBe(project.publicToken);
  expect(start.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(start.searchParams.get('login_redirect_url')).toBe(redirect);

  const account = `genuine${Date.now()}`;
  await page.getByLabel('Account name').fill(account);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.href.startsWith(`${redirect}?`));
  const landed = new URL(page.url());
  expect(landed.searchParams.get('stytch_token_type')).toBe('oauth');

  await genuine.reopen(page, project.publicToken, `${landed.pathname}${landed.search}`);
  const token = landed.searchParams.get('token')!;
  const auth = await page.evaluate((t) => window.genuine.attempt(() => window.stytch.oauth.authenticate(t, { session_duration_minutes: 30 })), token);
  expect(auth.ok, JSON.stringify(auth)).toBe(true);
  const verifier = JSON.parse(requests.findLast((r) => r.url.endsWith('/oauth/authenticate'))!.body!).code_verifier;
  expect(verifier).toMatch(/\S/);
  const stored = await expectSignedIn(genuine, page, { email: `${account}@oidc.example` });
  expect(stored.session!.authentication_factors).toEqual([expect.objectContaining({ type: 'oauth', delivery_method: 'oauth_google' })]);
});
