// `server.settled()` (harness.ts, settle.ts): what the tests that assert "nothing was sent" rely on. Each case
// reads the outcome right after settling, with no wait of its own: had settled returned early, it would fail.
import { eq } from 'drizzle-orm';
import { webhookDeliveries } from '@keepsake/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromMessageId } from '../webhooks/message-id.ts';
import { createProjectWithKeys, type ProjectWithKeys } from './api-keys.ts';
import { startTestServer, testDb, type TestServer } from './harness.ts';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.ts';

let server: TestServer;
let receiver: WebhookReceiver;
let project: ProjectWithKeys;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  // The default relay interval (1 s and more) would make a lost nudge visible as a slow settle, not hide it.
  server = await startTestServer({ env: { WEBHOOK_RETRY_SCHEDULE: '3s' } });
  project = await createProjectWithKeys(server, 'Settling');
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

describe(`settled (${testDb})`, () => {
  it('waits for mail and text messages still being sent', async () => {
    void server.ctx.mailer.send({ to: 'settle.mail@example.com', subject: 'In flight', text: 'Hello', html: '<p>Hello</p>' });
    void server.ctx.texts.send({ channel: 'sms', to: '+14155550199', text: 'Hello' });
    await server.settled();
    expect(server.smtp!.messagesTo('settle.mail@example.com')).toHaveLength(1);
    expect(await server.outbox.messagesTo('+14155550199')).toHaveLength(1);
  });

  it('drains the job queue: an invitation queued by a request has been mailed once it returns', async () => {
    await server.services.projects.addMember(project.projectId, project.ownerUserId, 'settle.invitee@example.com', 'developer');
    await server.settled();
    expect(server.smtp!.messagesTo('settle.invitee@example.com').map((m) => m.subject)).toEqual([expect.stringContaining('Settling')]);
  });

  it('runs the webhook relay and the attempt due now, not a retry due later; `through` waits for that one too', async () => {
    receiver.reply('/settle', [{ status: 503 }, { status: 200 }]);
    await server.services.webhooks.createEndpoint(project.projectId, project.ownerUserId, {
      url: `${receiver.url}/settle`,
      description: '',
      eventTypes: ['nfts.create.succeeded'],
    });
    const { messageId } = await server.ctx.db.transaction((tx) =>
      server.services.webhooks.publish(tx, { projectId: project.projectId, type: 'nfts.create.succeeded', data: { id: 'settle' } }),
    );
    // No flush: settled finds the delivery the relay has not queued, and runs the relay itself.
    await server.settled();
    expect(receiver.at('/settle')).toHaveLength(1);
    const [retrying] = await server.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.messageId, fromMessageId(messageId)));
    expect(retrying).toMatchObject({ status: 'pending', attempts: 1, nextAttemptAt: expect.any(Date) });

    await server.settled({ through: retrying!.nextAttemptAt! });
    expect(receiver.at('/settle')).toHaveLength(2);
    const [delivered] = await server.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.messageId, fromMessageId(messageId)));
    expect(delivered).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  it('names what is still busy when it cannot settle in time', async () => {
    const sending = server.ctx.texts.send({ channel: 'sms', to: '+14155550101', text: 'in flight' });
    // A deadline already passed: the first look finds the send in flight, and says so. A periodic task may be
    // running at that moment too (a CI run on PostgreSQL saw 2), so the count is at least one, not exactly one.
    await expect(server.settled({ timeoutMs: -1 })).rejects.toThrow(
      /did not settle within -1 ms: [1-9]\d* send\(s\), job handler\(s\) or periodic task\(s\) in flight/,
    );
    await sending;
  });
});
