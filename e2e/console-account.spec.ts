// /console/account (ADR 114): the developer's CLI tokens, and revoking one behind a confirmation. Axe at 1280
// and 390 px in each state; screenshots in docs/screenshots/account-*.
import type { Page } from '@playwright/test';
import { expect, expectAccessibleNow, test } from './fixtures.ts';
import { signInWithProject, uniqueEmail } from './support/console.ts';
import { screenshotBothWidths } from './support/screenshots.ts';

const screenshots = 'docs/screenshots';

const screenshot = (page: Page, name: string) => screenshotBothWidths(page, screenshots, name);

/**
 * A CLI token for the signed-in developer: the device grant, approved from the page (same origin, session cookie).
 * Without `deviceName` it is a token as older CLIs got, listed under the fallback label.
 */
function signInCli(page: Page, deviceName?: string): Promise<string> {
  return page.evaluate(async (deviceName) => {
    const post = async (path: string, body: unknown) =>
      (await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
    const device = (await post('/api/cli/device/code', { client_id: 'keepsake-cli' })) as { device_code: string; user_code: string };
    await post('/api/console/cli/device/approve', { user_code: device.user_code });
    const token = (await post('/api/cli/token', {
      grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
      client_id: 'keepsake-cli',
      device_code: device.device_code,
      device_name: deviceName,
    })) as { access_token: string };
    return token.access_token;
  }, deviceName);
}

test('the account page lists CLI tokens and revokes one after a confirmation', async ({ page, mailbox }) => {
  test.setTimeout(120_000);
  await signInWithProject(page, mailbox, uniqueEmail('account'), 'Account E2E');

  await page.getByRole('link', { name: 'Account', exact: true }).first().click();
  await expect(page).toHaveURL(/\/console\/account$/);
  const section = page.getByRole('region', { name: 'CLI tokens' });
  await expect(section.getByRole('heading', { name: 'CLI tokens', exact: true })).toBeVisible();
  await expect(section.getByText('No CLI tokens')).toBeVisible();
  await expectAccessibleNow(page, 'no CLI tokens');
  await screenshot(page, 'account-empty');

  const laptop = await signInCli(page, 'ada-laptop.local');
  const ci = await signInCli(page);
  // The laptop's token is used once, so it has a last use; the other has none.
  expect((await page.request.get('/api/console/projects', { headers: { authorization: `Bearer ${laptop}` } })).status()).toBe(200);
  await page.reload();
  const table = section.getByRole('table', { name: 'CLI tokens' });
  const laptopRow = table.getByRole('row').filter({ hasText: laptop.slice(-4) });
  const ciRow = table.getByRole('row').filter({ hasText: ci.slice(-4) });
  await expect(laptopRow).toContainText('ada-laptop.local');
  await expect(ciRow).toContainText('Unnamed device');
  await expect(ciRow).toContainText('Never');
  await expect(laptopRow).not.toContainText('Never');
  await expectAccessibleNow(page, 'two CLI tokens');
  await screenshot(page, 'account-cli-tokens');

  await laptopRow.getByRole('button', { name: `Revoke kst_cli_…${laptop.slice(-4)}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Revoke the CLI token for ada-laptop.local?' });
  await expect(dialog).toBeVisible();
  await expectAccessibleNow(page, 'the revoke confirmation open');
  await screenshot(page, 'account-revoke-confirmation');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(laptopRow).toBeVisible();

  await laptopRow.getByRole('button', { name: `Revoke kst_cli_…${laptop.slice(-4)}` }).click();
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText(`kst_cli_…${laptop.slice(-4)} revoked`)).toBeVisible();
  await expect(laptopRow).toHaveCount(0);
  await expect(ciRow).toBeVisible();
  expect((await page.request.get('/api/console/projects', { headers: { authorization: `Bearer ${laptop}` } })).status()).toBe(401);
  expect((await page.request.get('/api/console/projects', { headers: { authorization: `Bearer ${ci}` } })).status()).toBe(200);
});
