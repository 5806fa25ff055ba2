// Webhooks in the console: an endpoint pointed at a real local receiver, a test event verified there with the
// svix package, the attempt listed as succeeded, a resend, disabling and deleting.
import { Webhook } from 'svix';
import { expect, expectAccessibleNow, test } from './fixtures.ts';
import { signInWithProject, uniqueEmail } from './support/console.ts';
import { useWebhookReceiver } from './support/webhook-receiver.ts';

const hooks = useWebhookReceiver();

test('an owner adds an endpoint, sends a test event that the receiver verifies, and sees the attempt succeed', async ({ page, context, mailbox }) => {
  const email = uniqueEmail('hooks');
  const hookUrl = `${hooks.receiver.url}/e2e`;

  await test.step('sign in and create a project', () => signInWithProject(page, mailbox, email, 'Webhooks E2E'));

  let secret = '';
  await test.step('add an endpoint; the signing secret is shown with a copy button', async () => {
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Webhooks' }).click();
    await expect(page).toHaveURL(/\/console\/webhooks$/);
    await expect(page.getByRole('heading', { name: 'No webhook endpoints yet' })).toBeVisible();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByLabel('Endpoint URL').fill(hookUrl);
    await page.getByLabel('Description').fill('Local receiver');
    await page.getByRole('checkbox', { name: 'nfts.create.succeeded' }).check();
    await page.getByRole('checkbox', { name: 'collections.create.succeeded' }).check();
    await page.getByRole('button', { name: 'Create endpoint' }).click();

    await expect(page.getByRole('heading', { name: 'Endpoint created' })).toBeVisible();
    const field = page.getByRole('textbox', { name: 'Signing secret' });
    await expect(field).toHaveValue(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    secret = await field.inputValue();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy signing secret' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await page.getByRole('button', { name: 'Done' }).click();

    const row = page.getByRole('row').filter({ hasText: hookUrl });
    // The events as badges, not a comma-separated column (issue 11).
    await expect(row.getByRole('list', { name: `Events of ${hookUrl}` }).getByRole('listitem')).toHaveText([
      'collections.create.succeeded',
      'nfts.create.succeeded',
    ]);
    await expect(row.getByRole('switch', { name: `Enabled: ${hookUrl}` })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByText(secret)).toHaveCount(0);
  });

  await test.step('send a test event: the receiver verifies its signature, the console lists the attempt as succeeded', async () => {
    await page.getByRole('link', { name: hookUrl }).click();
    await expect(page.getByRole('heading', { name: 'Webhook endpoint' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No attempts yet' })).toBeVisible();
    await page.getByLabel('Event type').selectOption('nfts.create.succeeded');
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.getByText('Test event sent')).toBeVisible();

    const [delivery] = await hooks.receiver.waitFor('/e2e', 1);
    expect(() => new Webhook(secret).verify(delivery!.body, delivery!.headers)).not.toThrow();
    const payload = JSON.parse(delivery!.body) as { type: string; data: { chain: string }; timestamp: string };
    expect(payload.type).toBe('nfts.create.succeeded');
    expect(payload.data.chain).toBe('devnet');

    const attempts = page.getByRole('table', { name: 'Delivery attempts' });
    const first = attempts.getByRole('row').filter({ hasText: delivery!.headers['svix-id']! });
    await expect(first).toContainText('Succeeded');
    await expect(first).toContainText('Delivered');
    await expect(first).toContainText('200');
  });

  await test.step('resend the message: a second, manual attempt with the same message id', async () => {
    const messageId = hooks.receiver.at('/e2e')[0]!.headers['svix-id']!;
    await page.getByRole('button', { name: `Resend ${messageId}` }).click();
    await expect(page.getByText('Message queued for resending')).toBeVisible();
    const [, again] = await hooks.receiver.waitFor('/e2e', 2);
    expect(again!.headers['svix-id']).toBe(messageId);
    expect(() => new Webhook(secret).verify(again!.body, again!.headers)).not.toThrow();
    const rows = page.getByRole('table', { name: 'Delivery attempts' }).getByRole('row').filter({ hasText: messageId });
    await expect(rows).toHaveCount(2);
    // Newest first: the manual attempt (its Attempt cell says Resend), then scheduled attempt 1.
    await expect(rows.nth(0).getByRole('cell').nth(2)).toHaveText('Resend');
    await expect(rows.nth(0)).toContainText('Succeeded');
    await expect(rows.nth(1).getByRole('cell').nth(2)).toHaveText('1');
  });

  await test.step('disable, then delete with confirmation', async () => {
    await page.getByRole('switch', { name: `Enabled: ${hookUrl}` }).click();
    await expect(page.getByText('Endpoint disabled')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send test event' })).toBeDisabled();
    await page.getByRole('link', { name: 'All endpoints' }).click();
    await page.getByRole('button', { name: `Delete ${hookUrl}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete endpoint?' });
    await expect(dialog).toBeVisible();
    await expectAccessibleNow(page, 'the delete confirmation open');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Endpoint deleted')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No webhook endpoints yet' })).toBeVisible();
    expect(hooks.receiver.at('/e2e')).toHaveLength(2);
  });
});
