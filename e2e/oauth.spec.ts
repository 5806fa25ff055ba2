// issue 12 (OAuth): @keepsake/auth-js's oauth product in Chromium through real redirects: the SDK's start → the
// OpenID Connect stand-in's login page (oidc-provider, playing Google; e2e/global-setup.ts) → Keepsake's callback →
// the app's redirect URL → oauth.authenticate → a session. With PKCE required, at a laptop and a phone width.
import type { Page } from '@playwright/test';
import { expect, test, type Keepsake, type SdkPages } from './sdk-fixtures.ts';
import { E2E_GOOGLE_CLIENT } from './support/oidc.ts';

async function signInWithGoogle(page: Page, sdkPages: SdkPages, keepsake: Keepsake, account: string) {
  const project = await sdkPages.start(page, { authConfig: { oauth: { pkceRequired: true } } });
  await keepsake.setOauthClient(project.id, 'google', E2E_GOOGLE_CLIENT);
  const redirect = `${sdkPages.site}/authenticate`;
  // start() navigates away, so the page is not awaited for its result.
  await page.evaluate((url) => void window.client.oauth.google.start({ login_redirect_url: url, signup_redirect_url: url }), redirect);

  await page.getByLabel('Account name').fill(account);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.href.startsWith(`${redirect}?`));
  const landed = new URL(page.url());
  expect(landed.searchParams.get('stytch_token_type')).toBe('oauth');

  await expect(page.locator('body[data-sdk-ready="true"]')).toBeAttached();
  await sdkPages.createClient(page, project.publicToken);
  const token = landed.searchParams.get('token')!;
  const auth = await page.evaluate((t) => window.sdk.attempt(() => window.client.oauth.authenticate(t, { session_duration_minutes: 30 })), token);
  return { project, token, auth };
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('oauth.google.start → the provider login page → callback → redirect URL → authenticate → a session', async ({ page, sdkPages, keepsake }) => {
      const account = `grace${viewport.width}${Date.now()}`;
      const { project, token, auth } = await signInWithGoogle(page, sdkPages, keepsake, account);
      expect(auth.ok, JSON.stringify(auth)).toBe(true);
      if (!auth.ok) return;
      const data = auth.value as unknown as { provider_type: string; provider_subject: string; session_token: string; user: { emails: unknown[] } };
      expect(data.provider_type).toBe('google');
      expect(data.provider_subject).toBe(account);
      expect(data.user.emails).toEqual([expect.objectContaining({ email: `${account}@oidc.example`, verified: true })]);

      // The start carried a challenge (PKCE required) and authenticate its verifier.
      const sentVerifier = await page.evaluate(() => JSON.parse(window.sdk.requests.find((r) => r.url.endsWith('/oauth/authenticate'))!.body!).code_verifier);
      expect(sentVerifier).toMatch(/^[0-9a-f]{128}$/);
      const session = await keepsake.call('POST', project.publicToken, '/sessions/authenticate', undefined, data.session_token);
      expect(session.status).toBe(200);

      // The token is single use.
      const replay = await keepsake.call('POST', project.publicToken, '/oauth/authenticate', { token, code_verifier: sentVerifier });
      expect(replay.status).toBe(401);
      expect(replay.body.error_type).toBe('unable_to_auth_oauth_token');
    });
  });
}
