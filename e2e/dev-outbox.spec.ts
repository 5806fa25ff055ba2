import { expect, test } from './fixtures.ts';

test('an SMS passcode shows up in the dev outbox page and signs in', async ({ page, request }) => {
  const { publicToken } = (await (await request.get('/api/platform')).json()) as { publicToken: string };
  const authorization = `Basic ${Buffer.from(`${publicToken}:`).toString('base64')}`;
  const phone = `+1415555${String(Math.floor(1000 + Math.random() * 8999))}`;

  const sent = await request.post('/sdk/v1/otps/sms/login_or_create', { headers: { authorization }, data: { phone_number: phone } });
  expect(sent.status()).toBe(200);
  const { method_id: methodId } = ((await sent.json()) as { data: { method_id: string } }).data;

  await page.goto('/dev/outbox');
  await expect(page.getByRole('heading', { name: 'Dev outbox', level: 1 })).toBeVisible();
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `SMS to ${phone}` }) });
  await expect(item).toBeVisible();
  const text = (await item.locator('p').textContent()) ?? '';
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  expect(code).toMatch(/^\d{6}$/);

  const signedIn = await request.post('/sdk/v1/otps/authenticate', { headers: { authorization }, data: { token: code, method_id: methodId } });
  expect(signedIn.status()).toBe(200);
  const { user } = ((await signedIn.json()) as { data: { user: { phone_numbers: Array<{ phone_number: string; verified: boolean }> } } }).data;
  expect(user.phone_numbers).toEqual([expect.objectContaining({ phone_number: phone, verified: true })]);
});
