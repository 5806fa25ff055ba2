// The per-IP limits shared by every sign-in method (docs/decisions/014): one bucket for sends, one for attempts,
// each request counted once.
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { createProject, expectSdkError, type SdkClient } from '../testing/sdk.ts';
import { createTotp } from '../testing/totp.ts';

let server: TestServer;
let sdk: SdkClient;
let publicToken: string;

const PER_IP = 3;
const PASSWORD = 'violet-Tractor-harbour-91-quiz';

beforeAll(async () => {
  server = await startTestServer({
    env: { RATE_LIMIT_OTP_PER_IP: String(PER_IP), RATE_LIMIT_OTP_PER_IDENTIFIER: '50', RATE_LIMIT_WINDOW_SECONDS: '86400', LOCKOUT_MAX_FAILURES: '1000' },
  });
  const project = await createProject(server, 'Limits test', {
    redirectUrls: { login: 'http://localhost:5173/authenticate', resetPassword: 'http://localhost:5173/reset' },
  });
  sdk = project.sdk;
  publicToken = project.publicToken;
});
afterAll(() => server?.close());

describe('per-IP limits shared by the sign-in methods', () => {
  it('needs the public token first (401)', async () => {
    expectSdkError(await server.request('/sdk/v1/totps/authenticate', { method: 'POST', body: { totp_code: '123456' } }), 401);
  });

  it('counts every attempt of every method, TOTP included, once in one bucket of 4× RATE_LIMIT_OTP_PER_IP', async () => {
    const created = await sdk.post('/passwords', { email: 'limits.user@example.com', password: PASSWORD, session_duration_minutes: 60 });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const sessionToken = created.body.data.session_token as string;
    await createTotp(server, publicToken, sessionToken);

    const attempts = [
      () => sdk.post('/otps/authenticate', { token: '000000', method_id: crypto.randomUUID() }),
      () => sdk.post('/passwords/authenticate', { email: 'limits.user@example.com', password: `${PASSWORD}-no`, session_duration_minutes: 60 }),
      () => sdk.post('/totps/authenticate', { totp_code: '000000' }, sessionToken),
      () => sdk.post('/magic_links/authenticate', { token: 'not-a-real-token' }),
    ];
    const statuses: number[] = [];
    // POST /passwords above was the first attempt of the window.
    for (let i = 0; statuses.length < PER_IP * 4; i++) statuses.push((await attempts[i % attempts.length]!()).status);
    expect(statuses.slice(0, PER_IP * 4 - 1)).not.toContain(429);
    expect(statuses.at(-1)).toBe(429);
    for (const attempt of attempts) expectSdkError(await attempt(), 429, 'too_many_requests');
  });

  it('counts every message sent, of every channel, in one send bucket of RATE_LIMIT_OTP_PER_IP', async () => {
    const sends = [
      () => sdk.post('/otps/email/login_or_create', { email: 'limits.sends@example.com' }),
      () => sdk.post('/otps/sms/login_or_create', { phone_number: '+14155550188' }),
      () => sdk.post('/magic_links/email/login_or_create', { email: 'limits.sends@example.com' }),
    ];
    for (const send of sends) expect((await send()).status).toBe(200);
    for (const send of [...sends, () => sdk.post('/passwords/email/reset/start', { email: 'limits.user@example.com' })]) {
      const res = await send();
      expectSdkError(res, 429, 'too_many_requests');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('issue 22 item 9: counts wallet challenge starts, for any address, in a bucket of RATE_LIMIT_OTP_PER_IP per IP', async () => {
    const address = () => privateKeyToAccount(generatePrivateKey()).address;
    const startFor = (crypto_wallet_address: string) =>
      sdk.post('/crypto_wallets/authenticate/start/primary', { crypto_wallet_address, crypto_wallet_type: 'ethereum' });
    for (let i = 0; i < PER_IP; i++) expect((await startFor(address())).status).toBe(200);
    const refused = await startFor(address());
    expectSdkError(refused, 429, 'too_many_requests');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
