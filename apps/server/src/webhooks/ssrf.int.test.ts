// Outside dev mode webhooks go to public https:// URLs only (ADR 026). Dev mode's rules are in endpoints.int.test.ts.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { webhookClient } from '../testing/webhooks.ts';

let server: TestServer;
let client: ReturnType<typeof webhookClient>;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer({ env: { KEEPSAKE_DEV_MODE: 'false' } });
  client = webhookClient(server, await server.signIn('owner.ssrf@example.com'));
  projectId = await client.createProject('SSRF');
});
afterAll(() => server?.close());

const create = (url: string) =>
  client.call(`/api/console/projects/${projectId}/webhooks`, { method: 'POST', body: { url, eventTypes: ['nfts.create.succeeded'] } });

it('refuses loopback, private, link-local and internal targets with 400 webhook_url_not_allowed', async () => {
  for (const url of [
    'https://127.0.0.1/hook',
    'https://2130706433/hook',
    'https://[::1]/hook',
    'https://[::ffff:7f00:1]/hook',
    'https://10.0.0.8/hook',
    'https://192.168.1.20/hook',
    'https://172.20.0.1/hook',
    'https://169.254.169.254/latest/meta-data/',
    'https://[fe80::1]/hook',
    'https://localhost/hook',
    'https://db.internal/hook',
    'https://intranet/hook',
  ]) {
    const res = await create(url);
    expect(res.status, url).toBe(400);
    expect(res.body, url).toMatchObject({ status_code: 400, error_type: 'webhook_url_not_allowed' });
  }
});

it('requires https even for localhost', async () => {
  for (const url of ['http://localhost:3000/hook', 'http://127.0.0.1/hook', 'http://hooks.example.com/hook']) {
    const res = await create(url);
    expect(res.body, url).toMatchObject({ status_code: 400, error_type: 'invalid_request', error_message: 'url must use https://' });
  }
});

it('accepts public https URLs, and refuses a private one in an update too', async () => {
  const created = await create('https://hooks.example.com/keepsake');
  expect(created.status).toBe(201);
  const patched = await client.call(`/api/console/projects/${projectId}/webhooks/${created.body.endpoint.id}`, {
    method: 'PATCH',
    body: { url: 'https://169.254.169.254/' },
  });
  expect(patched.body).toMatchObject({ status_code: 400, error_type: 'webhook_url_not_allowed' });
  const endpoint = await client.call(`/api/console/projects/${projectId}/webhooks/${created.body.endpoint.id}`);
  expect(endpoint.body.endpoint.url).toBe('https://hooks.example.com/keepsake');
});
