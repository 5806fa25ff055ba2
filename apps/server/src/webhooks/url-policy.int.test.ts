// Outside dev mode (ADR 026): names with a trailing dot and IPv4-compatible IPv6 addresses (::/96) are refused
// when an endpoint is registered or changed, and an endpoint already stored with one is never called.
import { eq } from 'drizzle-orm';
import { webhookEndpoints } from '@keepsake/db/schema';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { eventually, webhookClient } from '../testing/webhooks.ts';

let server: TestServer;
let client: ReturnType<typeof webhookClient>;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer({ env: { KEEPSAKE_DEV_MODE: 'false' } });
  client = webhookClient(server, await server.signIn('owner.url-policy@example.com'));
  projectId = await client.createProject('URL policy');
});
afterAll(() => server?.close());

const base = () => `/api/console/projects/${projectId}/webhooks`;
const refusedUrls = [
  'https://localhost./hook',
  'https://localhost../hook',
  'https://db.internal./hook',
  'https://hooks.example.com./hook',
  'https://[::7f00:1]/hook',
  'https://[::127.0.0.1]/hook',
  'https://[::a9fe:a9fe]/latest/meta-data/',
];

it('issue 10: refuses trailing-dot names and IPv4-compatible IPv6 addresses when an endpoint is registered or changed', async () => {
  const created = await client.createEndpoint(projectId, { url: 'https://hooks.example.com/keepsake', eventTypes: ['nfts.create.succeeded'] });
  for (const url of refusedUrls) {
    const posted = await client.call(base(), { method: 'POST', body: { url, eventTypes: ['nfts.create.succeeded'] } });
    expect(posted.status, url).toBe(400);
    expect(posted.body, url).toMatchObject({ status_code: 400, error_type: 'webhook_url_not_allowed' });
    const patched = await client.call(`${base()}/${created.endpoint.id}`, { method: 'PATCH', body: { url } });
    expect(patched.body, url).toMatchObject({ status_code: 400, error_type: 'webhook_url_not_allowed' });
  }
  const endpoint = await client.call(`${base()}/${created.endpoint.id}`);
  expect(endpoint.body.endpoint.url).toBe('https://hooks.example.com/keepsake');
});

it('issue 10: never calls an endpoint stored before the policy refused its address (an IP literal skips the lookup guard)', async () => {
  const created = await client.createEndpoint(projectId, { url: 'https://hooks.example.com/old', eventTypes: ['nfts.create.succeeded'] });
  // As an endpoint registered before this policy would be stored.
  await server.ctx.db.update(webhookEndpoints).set({ url: 'https://[::7f00:1]/hook' }).where(eq(webhookEndpoints.id, created.endpoint.id));
  const sent = await client.call(`${base()}/${created.endpoint.id}/test`, { method: 'POST', body: { eventType: 'nfts.create.succeeded' } });
  expect(sent.status).toBe(202);
  const attempt = await eventually(async () => (await client.attempts(projectId, created.endpoint.id)).attempts[0], 15_000, 'an attempt');
  expect(attempt).toMatchObject({ status: 'failed', responseStatus: null });
  expect(attempt.error).toMatch(/^Address not allowed: url must not point at a private, loopback, link-local or reserved address/);
});
