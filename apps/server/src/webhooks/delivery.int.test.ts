// Delivery end to end: events published through the service reach a real local HTTP receiver, signed so that
// the svix package verifies them, with the retry schedule and timeout compressed through configuration.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { webhookDeliveries, webhookMessages } from '@keepsake/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver.ts';
import { eventually, verifiedPayload, webhookClient } from '../testing/webhooks.ts';
import { createDeliveryWorker } from './delivery-worker.ts';
import { fromMessageId } from './message-id.ts';
import { recoverLostDeliveries, writeMessage } from './outbox.ts';

const schedule = [200, 1_000, 200];
let server: TestServer;
let receiver: WebhookReceiver;
let client: ReturnType<typeof webhookClient>;
let projectId: string;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startTestServer({
    // The timeout leaves room for a loaded machine: the receiver shares this process's event loop.
    env: { WEBHOOK_RETRY_SCHEDULE: '200ms,1s,200ms', WEBHOOK_TIMEOUT_MS: '1500', WEBHOOK_RELAY_INTERVAL_MS: '100' },
  });
  client = webhookClient(server, await server.signIn('owner.delivery@example.com'));
  projectId = await client.createProject('Deliveries');
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

const publish = (type: 'nfts.create.succeeded' | 'collections.create.succeeded' | 'nfts.create.failed', data: Record<string, unknown>, project = projectId) =>
  server.ctx.db.transaction((tx) => server.services.webhooks.publish(tx, { projectId: project, type, data }));

describe('publishing', () => {
  it('fans an event out to the subscribed, enabled endpoints only, signed for each with its own secret', async () => {
    const a = await client.createEndpoint(projectId, { url: `${receiver.url}/fan/a`, eventTypes: ['nfts.create.succeeded', 'nfts.create.failed'] });
    const b = await client.createEndpoint(projectId, { url: `${receiver.url}/fan/b`, eventTypes: ['nfts.create.succeeded'] });
    await client.createEndpoint(projectId, { url: `${receiver.url}/fan/other-event`, eventTypes: ['collections.create.succeeded'] });
    const off = await client.createEndpoint(projectId, { url: `${receiver.url}/fan/disabled`, eventTypes: ['nfts.create.succeeded'] });
    expect((await client.call(`/api/console/projects/${projectId}/webhooks/${off.endpoint.id}`, { method: 'PATCH', body: { enabled: false } })).status).toBe(
      200,
    );
    const otherProject = await client.createProject('Elsewhere');
    await client.createEndpoint(otherProject, { url: `${receiver.url}/fan/other-project`, eventTypes: ['nfts.create.succeeded'] });

    const published = await publish('nfts.create.succeeded', { id: 'nft-1', tokenId: '7' });
    expect(published.messageId).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(published.deliveries).toBe(2);
    server.services.webhooks.flush();

    const [toA] = await receiver.waitFor('/fan/a');
    const [toB] = await receiver.waitFor('/fan/b');
    for (const [delivery, secret] of [
      [toA!, a.secret],
      [toB!, b.secret],
    ] as const) {
      const payload = verifiedPayload(secret, delivery);
      expect(payload).toEqual({ type: 'nfts.create.succeeded', data: { id: 'nft-1', tokenId: '7' }, timestamp: expect.any(String) });
      expect(new Date(payload.timestamp).toISOString()).toBe(payload.timestamp);
      expect(delivery.headers['svix-id']).toBe(published.messageId);
      expect(delivery.headers['webhook-id']).toBe(published.messageId);
      expect(Math.abs(Number(delivery.headers['svix-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    }
    // A's signature does not verify with B's secret.
    expect(() => verifiedPayload(b.secret, toA!)).toThrow();

    await server.settled();
    expect(receiver.at('/fan/other-event')).toHaveLength(0);
    expect(receiver.at('/fan/disabled')).toHaveLength(0);
    expect(receiver.at('/fan/other-project')).toHaveLength(0);
    expect(receiver.at('/fan/a')).toHaveLength(1);
  });

  it('publishes within the caller transaction: nothing from a rolled-back one, delivery only after commit', async () => {
    const hook = await client.createEndpoint(projectId, { url: `${receiver.url}/tx`, eventTypes: ['collections.create.succeeded'] });
    await expect(
      server.ctx.db.transaction(async (tx) => {
        await server.services.webhooks.publish(tx, { projectId, type: 'collections.create.succeeded', data: { marker: 'rolled-back' } });
        throw new Error('the domain change failed');
      }),
    ).rejects.toThrow('the domain change failed');

    await server.ctx.db.transaction(async (tx) => {
      await server.services.webhooks.publish(tx, { projectId, type: 'collections.create.succeeded', data: { marker: 'committed' } });
      server.services.webhooks.flush();
      // On PostgreSQL the relay runs beside this open transaction and must not see the message yet. (PGlite has one
      // connection: the relay waits for this transaction, so there is nothing to settle before it ends.)
      if (server.ctx.dbKind === 'postgres') await server.settled();
      expect(receiver.at('/tx')).toHaveLength(0);
    });
    const [delivered] = await receiver.waitFor('/tx');
    expect(verifiedPayload(hook.secret, delivered!).data).toEqual({ marker: 'committed' });
    await server.settled();
    expect(receiver.at('/tx')).toHaveLength(1);
    const stored = await server.ctx.db
      .select()
      .from(webhookMessages)
      .where(sql`${webhookMessages.data}->>'marker' = 'rolled-back'`);
    expect(stored).toHaveLength(0);
  });

  it('refuses event data over 256 KB and unknown event types', async () => {
    await expect(publish('nfts.create.failed', { blob: 'x'.repeat(300_000) })).rejects.toThrow(/at most 262144 bytes/);
    await expect(publish('nfts.exploded' as 'nfts.create.failed', {})).rejects.toThrow('Unknown webhook event type "nfts.exploded".');
  });
});

describe('retries', () => {
  it('retries on the configured schedule until the endpoint answers 2xx, logging every attempt', async () => {
    const hook = await client.createEndpoint(projectId, { url: `${receiver.url}/flaky`, eventTypes: ['nfts.create.failed'] });
    receiver.reply('/flaky', [{ status: 500, body: 'boom' }, { status: 302 }, { status: 204 }]);
    const { messageId } = await publish('nfts.create.failed', { id: 'nft-2' });
    server.services.webhooks.flush();

    const received = await receiver.waitFor('/flaky', 3);
    for (const r of received) {
      expect(r.headers['svix-id']).toBe(messageId);
      verifiedPayload(hook.secret, r);
    }
    // The gaps respect the schedule (lower bounds only: delivery may lag, never run early).
    expect(received[1]!.receivedAt - received[0]!.receivedAt).toBeGreaterThanOrEqual(schedule[0]! - 50);
    expect(received[2]!.receivedAt - received[1]!.receivedAt).toBeGreaterThanOrEqual(schedule[1]! - 50);

    const log = await eventually(async () => {
      const page = await client.attempts(projectId, hook.endpoint.id);
      return page.total === 3 && page.attempts[0]!.messageStatus === 'succeeded' ? page : undefined;
    });
    expect(log.attempts.map((a) => [a.attemptNumber, a.status, a.responseStatus, a.trigger])).toEqual([
      [3, 'succeeded', 204, 'scheduled'],
      [2, 'failed', 302, 'scheduled'],
      [1, 'failed', 500, 'scheduled'],
    ]);
    expect(log.attempts[2]).toMatchObject({ messageId, eventType: 'nfts.create.failed', responseBody: 'boom', error: 'HTTP 500' });
    for (const a of log.attempts) expect(a.durationMs).toBeGreaterThanOrEqual(0);
    await server.settled();
    expect(receiver.at('/flaky')).toHaveLength(3);
  });

  it('marks the message failed after the last scheduled retry, with 1 + schedule-length attempts', async () => {
    const hook = await client.createEndpoint(projectId, { url: `${receiver.url}/down`, eventTypes: ['nfts.create.failed'] });
    receiver.reply('/down', [{ status: 503, body: 'maintenance' }]);
    await publish('nfts.create.failed', { id: 'nft-3' });
    server.services.webhooks.flush();

    // While retries remain, the message is pending with a next attempt (any of the early attempts will do: on a
    // loaded machine the 200 ms before the first retry can pass between two polls).
    const pending = await eventually(async () => {
      const page = await client.attempts(projectId, hook.endpoint.id);
      return page.total >= 1 && page.total <= schedule.length ? page : undefined;
    });
    expect(pending.attempts).toHaveLength(pending.total);
    expect(pending.attempts.at(-1)).toMatchObject({ attemptNumber: 1, status: 'failed', responseStatus: 503 });
    expect(pending.attempts[0]).toMatchObject({ status: 'failed', messageStatus: 'pending', nextAttemptAt: expect.any(String) });

    await receiver.waitFor('/down', schedule.length + 1);
    const settled = await eventually(async () => {
      const page = await client.attempts(projectId, hook.endpoint.id);
      return page.attempts[0]?.messageStatus === 'failed' ? page : undefined;
    });
    expect(settled.total).toBe(schedule.length + 1);
    expect(settled.attempts.every((a) => a.status === 'failed' && a.responseStatus === 503 && a.nextAttemptAt === null)).toBe(true);
    await server.settled();
    expect(receiver.at('/down')).toHaveLength(schedule.length + 1);
  });

  it('fails an attempt at the configured timeout and retries it', async () => {
    const hook = await client.createEndpoint(projectId, { url: `${receiver.url}/slow`, eventTypes: ['collections.create.succeeded'] });
    receiver.reply('/slow', [{ delayMs: 5_000 }, { status: 200 }]);
    await publish('collections.create.succeeded', { id: 'col-1' });
    server.services.webhooks.flush();

    const log = await eventually(async () => {
      const page = await client.attempts(projectId, hook.endpoint.id);
      return page.total === 2 ? page : undefined;
    });
    const [second, first] = log.attempts;
    expect(first).toMatchObject({ status: 'failed', responseStatus: null, error: 'Timed out after 1500 ms' });
    expect(first!.durationMs).toBeGreaterThanOrEqual(1_490);
    expect(first!.durationMs).toBeLessThan(5_000);
    expect(second).toMatchObject({ status: 'succeeded', responseStatus: 200, messageStatus: 'succeeded' });
  });

  it('logs a refused connection as a failed attempt', async () => {
    const closed = await startWebhookReceiver();
    await closed.close();
    // A project of its own, so that this endpoint is the only one subscribed.
    const lone = await client.createProject('Refused connection');
    const hook = await client.createEndpoint(lone, { url: `${closed.url}/gone`, eventTypes: ['nfts.create.succeeded'] });
    await server.ctx.db.transaction((tx) => server.services.webhooks.publish(tx, { projectId: lone, type: 'nfts.create.succeeded', data: {} }));
    server.services.webhooks.flush();
    const log = await eventually(async () => {
      const page = await client.attempts(lone, hook.endpoint.id);
      return page.total >= 1 ? page : undefined;
    });
    expect(log.attempts.at(-1)).toMatchObject({ status: 'failed', responseStatus: null, error: expect.stringMatching(/^Connection refused/) });
  });
});

describe('lost jobs', () => {
  it('queues a new job for a delivery whose job never ran, and the lost job is refused if it shows up', async () => {
    const hook = await client.createEndpoint(projectId, { url: `${receiver.url}/lost`, eventTypes: ['nfts.create.succeeded'] });
    const lostToken = randomUUID();
    // An API-only view of the world: write the outbox row and pretend a job was queued two hours ago and lost.
    const { messageId } = await server.ctx.db.transaction(async (tx) => {
      const published = await writeMessage(tx, { projectId, type: 'nfts.create.succeeded', data: { id: 'lost' } }, [hook.endpoint.id]);
      await tx
        .update(webhookDeliveries)
        .set({ jobToken: lostToken, nextAttemptAt: new Date(Date.now() - 2 * 3600_000) })
        .where(eq(webhookDeliveries.messageId, fromMessageId(published.messageId)));
      return published;
    });
    server.services.webhooks.flush();
    // The relay has run (settled waits for it) and left the delivery to its lost job.
    await server.settled();
    expect(receiver.at('/lost')).toHaveLength(0);

    expect(await recoverLostDeliveries(server.ctx)).toBe(1);
    server.services.webhooks.flush();
    const [delivered] = await receiver.waitFor('/lost');
    expect(delivered!.headers['svix-id']).toBe(messageId);
    verifiedPayload(hook.secret, delivered!);

    // The lost job, arriving late, finds another job's token (or a settled delivery) and does nothing.
    const [delivery] = await server.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.messageId, fromMessageId(messageId)));
    await createDeliveryWorker(server.ctx, () => {}).handle({ deliveryId: delivery!.id, token: lostToken });
    await server.settled();
    expect(receiver.at('/lost')).toHaveLength(1);
  });
});

describe('resend and test events', () => {
  it('sends a test event to one endpoint and resends a message on request', async () => {
    const hook = await client.createEndpoint(projectId, { url: `${receiver.url}/console`, eventTypes: ['collections.create.succeeded'] });
    const base = `/api/console/projects/${projectId}/webhooks/${hook.endpoint.id}`;
    const sent = await client.call(`${base}/test`, { method: 'POST', body: { eventType: 'nfts.create.succeeded' } });
    expect(sent.status).toBe(202);
    expect(sent.body.messageId).toMatch(/^msg_[0-9a-f]{32}$/);
    const [first] = await receiver.waitFor('/console');
    const payload = verifiedPayload(hook.secret, first!);
    expect(payload.type).toBe('nfts.create.succeeded');
    expect(payload.data).toMatchObject({ chain: 'devnet', tokenId: '1' });

    const resent = await client.call(`${base}/resend`, { method: 'POST', body: { messageId: sent.body.messageId } });
    expect(resent.status).toBe(202);
    const [, second] = await receiver.waitFor('/console', 2);
    expect(second!.headers['svix-id']).toBe(sent.body.messageId);
    expect(second!.body).toBe(first!.body);
    verifiedPayload(hook.secret, second!);

    const log = await eventually(async () => {
      const page = await client.attempts(projectId, hook.endpoint.id);
      return page.total === 2 ? page : undefined;
    });
    expect(log.attempts.map((a) => [a.trigger, a.attemptNumber, a.status])).toEqual([
      ['manual', null, 'succeeded'],
      ['scheduled', 1, 'succeeded'],
    ]);

    // Another endpoint's message, an unknown one, and a disabled endpoint.
    expect((await client.call(`${base}/resend`, { method: 'POST', body: { messageId: `msg_${'0'.repeat(32)}` } })).status).toBe(404);
    expect((await client.call(`${base}/resend`, { method: 'POST', body: { messageId: 'msg_nope' } })).status).toBe(400);
    expect((await client.call(`${base}/test`, { method: 'POST', body: { eventType: 'nfts.exploded' } })).status).toBe(400);
    await client.call(base, { method: 'PATCH', body: { enabled: false } });
    const refused = await client.call(`${base}/resend`, { method: 'POST', body: { messageId: sent.body.messageId } });
    expect(refused.body).toMatchObject({ status_code: 409, error_type: 'conflict', error_message: 'This endpoint is disabled. Enable it first.' });
    expect((await client.call(`${base}/test`, { method: 'POST', body: { eventType: 'nfts.create.succeeded' } })).status).toBe(409);
  });

  it('completes a failed message with a successful resend, and disabling ends pending retries', async () => {
    const hook = await client.createEndpoint(projectId, { url: `${receiver.url}/recover`, eventTypes: ['nfts.create.succeeded'] });
    const base = `/api/console/projects/${projectId}/webhooks/${hook.endpoint.id}`;
    receiver.reply('/recover', [{ status: 500 }]);
    const sent = await client.call(`${base}/test`, { method: 'POST', body: { eventType: 'nfts.create.succeeded' } });
    const failed = await eventually(async () => {
      const page = await client.attempts(projectId, hook.endpoint.id);
      return page.attempts[0]?.messageStatus === 'failed' ? page : undefined;
    });
    expect(failed.total).toBe(schedule.length + 1);

    receiver.reply('/recover', [{ status: 200 }]);
    await client.call(`${base}/resend`, { method: 'POST', body: { messageId: sent.body.messageId } });
    const recovered = await eventually(async () => {
      const page = await client.attempts(projectId, hook.endpoint.id);
      return page.attempts[0]?.messageStatus === 'succeeded' ? page : undefined;
    });
    expect(recovered.attempts[0]).toMatchObject({ trigger: 'manual', status: 'succeeded' });

    // A message still being retried stops once the endpoint is disabled: disable it in the 1 s before retry 2.
    receiver.reply('/recover', [{ status: 500 }]);
    const again = await client.call(`${base}/test`, { method: 'POST', body: { eventType: 'nfts.create.succeeded' } });
    const sentAgain = () => receiver.received.filter((r) => r.headers['svix-id'] === again.body.messageId);
    await eventually(async () => sentAgain().length === 2);
    // Once the relay has queued retry 2 (the delivery holds its job's token), disable the endpoint, then settle
    // through the time that retry was due: its job has run by then, and found the delivery ended.
    const retryDue = await eventually(async () => {
      const [row] = await server.ctx.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.messageId, fromMessageId(again.body.messageId)));
      return row?.attempts === 2 && row.jobToken ? row.nextAttemptAt : undefined;
    }, 5_000);
    await client.call(base, { method: 'PATCH', body: { enabled: false } });
    await server.settled({ through: retryDue });
    expect(sentAgain()).toHaveLength(2);
    const page = await client.attempts(projectId, hook.endpoint.id);
    expect(page.attempts[0]).toMatchObject({ messageId: again.body.messageId, messageStatus: 'failed', nextAttemptAt: null });
  });

  it('paginates the attempts log', async () => {
    const hook = await client.createEndpoint(projectId, { url: `${receiver.url}/pages`, eventTypes: ['nfts.create.succeeded'] });
    const base = `/api/console/projects/${projectId}/webhooks/${hook.endpoint.id}`;
    // Five attempts: send on manually until there are, whatever the scheduler does meanwhile.
    await client.call(`${base}/test`, { method: 'POST', body: { eventType: 'nfts.create.succeeded' } });
    const [sent] = await receiver.waitFor('/pages', 1);
    for (let i = 0; i < 4; i++) await client.call(`${base}/resend`, { method: 'POST', body: { messageId: sent!.headers['svix-id'] } });
    const all = await eventually(async () => {
      const page = await client.attempts(projectId, hook.endpoint.id);
      return page.total >= 5 && page.total === receiver.at('/pages').length ? page.attempts.map((a) => a.id) : undefined;
    });
    const pages = Math.ceil(all.length / 2);
    const first = await client.attempts(projectId, hook.endpoint.id, '?page=1&perPage=2');
    const third = await client.attempts(projectId, hook.endpoint.id, '?page=3&perPage=2');
    const beyond = await client.attempts(projectId, hook.endpoint.id, `?page=${pages + 1}&perPage=2`);
    expect(first).toMatchObject({ page: 1, perPage: 2, total: all.length });
    expect(first.attempts.map((a) => a.id)).toEqual(all.slice(0, 2));
    expect(third.attempts.map((a) => a.id)).toEqual(all.slice(4, 6));
    expect(beyond.attempts).toEqual([]);
    expect((await client.call(`${base}/attempts?perPage=101`)).status).toBe(400);
    expect((await client.call(`${base}/attempts?page=0`)).status).toBe(400);
  });
});
