// Deliveries survive a restart: whatever was committed or queued when a server stops is delivered by the next
// server on the same database (and the same master key, which unseals the endpoint secrets).
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { webhookDeliveries } from '@keepsake/db/schema';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, startTestServer, type TestDatabase, type TestServer } from '../testing/harness.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver.ts';
import { eventually, verifiedPayload, webhookClient } from '../testing/webhooks.ts';
import { fromMessageId } from './message-id.ts';

let database: TestDatabase;
let receiver: WebhookReceiver;
const servers: TestServer[] = [];
const env = {
  KEEPSAKE_MASTER_KEY: randomBytes(32).toString('base64'),
  WEBHOOK_RETRY_SCHEDULE: '3s',
  WEBHOOK_RELAY_INTERVAL_MS: '100',
};

async function start(extra: Record<string, string> = {}) {
  const server = await startTestServer({ database, env: { ...env, ...extra } });
  servers.push(server);
  return server;
}
async function stop(server: TestServer) {
  servers.splice(servers.indexOf(server), 1);
  await server.close();
}

beforeAll(async () => {
  database = await createTestDatabase();
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  for (const server of servers) await server.close();
  await receiver?.close();
  await database?.drop();
});

it('delivers an event committed while no worker ran, after a restart, and a retry queued before one', async () => {
  // 1. An API-only server (no workers) commits an event: nothing is sent.
  const api = await start({ KEEPSAKE_ROLE: 'api' });
  const client = webhookClient(api, await api.signIn('owner.restart@example.com'));
  const projectId = await client.createProject('Restarts');
  const hook = await client.createEndpoint(projectId, { url: `${receiver.url}/restart`, eventTypes: ['nfts.create.succeeded'] });
  const first = await api.ctx.db.transaction((tx) =>
    api.services.webhooks.publish(tx, { projectId, type: 'nfts.create.succeeded', data: { id: 'before-restart' } }),
  );
  api.services.webhooks.flush();
  await api.settled();
  expect(receiver.at('/restart')).toHaveLength(0);
  await stop(api);

  // 2. A server with workers on the same database delivers it. The next event fails once and its retry is
  //    queued in pg-boss 3 s ahead; this server stops before then.
  receiver.reply('/restart', [{ status: 200 }, { status: 503 }, { status: 200 }]);
  const worker = await start();
  const [delivered] = await receiver.waitFor('/restart', 1);
  expect(delivered!.headers['svix-id']).toBe(first.messageId);
  expect(verifiedPayload(hook.secret, delivered!).data).toEqual({ id: 'before-restart' });

  const second = await worker.ctx.db.transaction((tx) =>
    worker.services.webhooks.publish(tx, { projectId, type: 'nfts.create.succeeded', data: { id: 'retried-after-restart' } }),
  );
  worker.services.webhooks.flush();
  await receiver.waitFor('/restart', 2);
  const workerClient = webhookClient(worker, await worker.signIn('owner.restart@example.com'));
  await eventually(async () => {
    const log = await workerClient.attempts(projectId, hook.endpoint.id);
    return log.attempts[0]?.messageId === second.messageId && log.attempts[0]?.nextAttemptAt;
  });
  // The relay has handed the retry to pg-boss (the delivery holds the queued job's token).
  await eventually(async () => {
    const [row] = await worker.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.messageId, fromMessageId(second.messageId)));
    return row?.jobToken;
  });
  await stop(worker);

  // 3. The third server makes the queued retry, once.
  const again = await start();
  const [, , retried] = await receiver.waitFor('/restart', 3);
  expect(retried!.headers['svix-id']).toBe(second.messageId);
  expect(verifiedPayload(hook.secret, retried!).data).toEqual({ id: 'retried-after-restart' });
  const log = await eventually(async () => {
    const page = await webhookClient(again, await again.signIn('owner.restart@example.com')).attempts(projectId, hook.endpoint.id);
    return page.total === 3 && page.attempts[0]?.messageStatus === 'succeeded' ? page : undefined;
  });
  expect(log.attempts.map((a) => [a.messageId, a.attemptNumber, a.status])).toEqual([
    [second.messageId, 2, 'succeeded'],
    [second.messageId, 1, 'failed'],
    [first.messageId, 1, 'succeeded'],
  ]);
  await again.settled();
  expect(receiver.at('/restart')).toHaveLength(3);
}, 60_000);
