import { expect, test } from './fixtures.ts';

test('an SMS passcode shows up in the dev outbox page, the newest marked, and signs in', async ({ page, request }) => {
  const { publicToken } = (await (await request.get('/api/platform')).json()) as { publicToken: string };
  const authorization = `Basic ${Buffer.from(`${publicToken}:`).toString('base64')}`;
  const phone = `+1415555${String(Math.floor(1000 + Math.random() * 8999))}`;

  const send = async () => {
    const sent = await request.post('/sdk/v1/otps/sms/login_or_create', { headers: { authorization }, data: { phone_number: phone } });
    expect(sent.status()).toBe(200);
    return ((await sent.json()) as { data: { method_id: string } }).data.method_id;
  };
  // Two codes, as after a "resend": the page must make the newest one the obvious one.
  await send();
  const methodId = await send();

  await page.goto('/dev/outbox');
  await expect(page.getByRole('heading', { name: 'Dev outbox', level: 1 })).toBeVisible();
  const items = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `SMS to ${phone}` }) });
  await expect(items).toHaveCount(2);
  const newest = items.first();
  await expect(newest.getByText('Newest', { exact: true })).toBeVisible();
  await expect(items.nth(1).getByText('Newest', { exact: true })).toHaveCount(0);
  const code = (await newest.getByTestId('dev-passcode').textContent()) ?? '';
  expect(code).toMatch(/^\d{6}$/);
  // Shown in its text too, and large: bigger than the older code's.
  await expect(newest).toContainText(`${code} is your`);
  const size = async (index: number) =>
    items
      .nth(index)
      .getByTestId('dev-passcode')
      .evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
  expect(await size(0)).toBeGreaterThan(await size(1));

  const signedIn = await request.post('/sdk/v1/otps/authenticate', { headers: { authorization }, data: { token: code, method_id: methodId } });
  expect(signedIn.status()).toBe(200);
  const { user } = ((await signedIn.json()) as { data: { user: { phone_numbers: Array<{ phone_number: string; verified: boolean }> } } }).data;
  expect(user.phone_numbers).toEqual([expect.objectContaining({ phone_number: phone, verified: true })]);
});
