import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { isLoopback } from './local-only.ts';

let server: TestServer;
beforeAll(async () => {
  // Dev mode with the dev mailbox, behind a trusted proxy on this machine: X-Forwarded-For names the client.
  server = await startTestServer({ devMailbox: true, env: { TRUSTED_PROXIES: '127.0.0.1' } });
});
afterAll(() => server?.close());

const from = (ip: string | undefined, path: string) => server.request(path, { headers: ip ? { 'x-forwarded-for': ip } : {} });

it('issue 10: the dev mailbox and outbox, pages and API, answer only clients on this machine', async () => {
  const paths = ['/api/dev/mailbox', '/api/dev/outbox', '/dev/mailbox', '/dev/outbox', '/api/%64ev/mailbox', '/DEV/mailbox'];
  for (const path of paths) {
    const refused = await from('203.0.113.5', path);
    expect(refused.status, path).toBe(403);
    expect(refused.body, path).toMatchObject({
      status_code: 403,
      error_type: 'forbidden',
      error_message: 'The dev mailbox and outbox answer only requests from this machine.',
    });
  }
  // A client on this machine (directly, or through the trusted proxy) is served as before.
  for (const ip of [undefined, '127.0.0.1', '::1']) {
    expect((await from(ip, '/api/dev/mailbox')).status, String(ip)).toBe(200);
    expect((await from(ip, '/dev/mailbox')).status, String(ip)).toBe(200);
  }
  // Everything else is served to everyone.
  expect((await from('203.0.113.5', '/api/health')).status).toBe(200);
  expect((await from('203.0.113.5', '/api/devices')).status).toBe(404);
});

it('tells loopback addresses from others', () => {
  for (const ip of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(isLoopback(ip), ip).toBe(true);
  for (const ip of ['10.0.0.1', '203.0.113.5', '::ffff:10.0.0.1', '::2', 'fe80::1', '0.0.0.0', '']) expect(isLoopback(ip), ip).toBe(false);
});
