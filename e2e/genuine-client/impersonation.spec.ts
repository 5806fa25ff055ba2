// issue 10: impersonation through Stytch's own @stytch/vanilla-js (headless) in Chromium. An internal
// administrator (KEEPSAKE_E2E_ADMIN_EMAIL, set by global-setup) issues a single-use token for a user of the
// project; the client redeems it for a session whose factor names the administrator.
import { request as apiRequest } from '@playwright/test';
import { openMailbox, passcodeIn, requiredEnv } from '../fixtures.ts';
import { expect, expectSignedIn, test, unique } from './fixtures.ts';

test('impersonation.authenticate redeems an administrator’s token once, and the client stores the session', async ({
  page,
  genuine,
  keepsake,
  mailbox,
  consoleErrors,
}) => {
  const project = await genuine.start(page);
  const email = unique('genuine-impersonated');

  const userId = await test.step('the user signs in once (through the API), so the project has them', async () => {
    const sent = await keepsake.call('POST', project.publicToken, '/otps/email/login_or_create', { email });
    const auth = await keepsake.call('POST', project.publicToken, '/otps/authenticate', {
      token: await mailbox.passcodeFor(email),
      method_id: sent.body.data.email_id,
    });
    expect(auth.status).toBe(200);
    return auth.body.data.user_id as string;
  });

  const token = await test.step('an administrator issues a token in the admin area', async () => {
    const admin = requiredEnv('KEEPSAKE_E2E_ADMIN_EMAIL');
    const api = await apiRequest.newContext({ baseURL: keepsake.url });
    try {
      const { publicToken: platform } = (await (await api.get('/api/platform')).json()) as { publicToken: string };
      const mails = (await openMailbox().messagesTo(admin)).length;
      const sent = await keepsake.call('POST', platform, '/otps/email/login_or_create', { email: admin });
      const code = passcodeIn(await openMailbox().waitFor(admin, { after: mails }));
      const signedIn = await keepsake.call('POST', platform, '/otps/authenticate', { token: code, method_id: sent.body.data.email_id });
      expect((await api.post('/api/session/authenticate', { data: { session_token: signedIn.body.data.session_token } })).status()).toBe(200);
      const issued = await api.post('/api/admin/impersonation-tokens', { data: { projectId: project.id, userId } });
      expect(issued.status()).toBe(201);
      return ((await issued.json()) as { impersonationToken: string }).impersonationToken;
    } finally {
      await api.dispose();
    }
  });

  await test.step('the client redeems it: a session of that user, with the impersonated factor', async () => {
    const auth = await page.evaluate((t) => window.genuine.attempt(() => window.stytch.impersonation.authenticate({ impersonation_token: t })), token);
    expect(auth.ok, JSON.stringify(auth)).toBe(true);
    const stored = await expectSignedIn(genuine, page, { userId, email });
    expect(stored.session!.authentication_factors).toEqual([expect.objectContaining({ type: 'impersonated', delivery_method: 'impersonation' })]);
  });

  await test.step('the token is single use: a second redemption is the API error the client surfaces', async () => {
    consoleErrors.allow({ text: /status of 404/, url: /\/sdk\/v1\/impersonation\/authenticate$/ });
    const again = await page.evaluate((t) => window.genuine.attempt(() => window.stytch.impersonation.authenticate({ impersonation_token: t })), token);
    expect(again).toMatchObject({ ok: false, error: { name: 'StytchAPIError', error_type: 'impersonation_token_not_found', status_code: 404 } });
  });
});
