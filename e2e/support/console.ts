import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Mailbox } from '../fixtures.ts';

/** A fresh address for one test, e.g. `e2e-hooks-…@example.com`. */
export function uniqueEmail(prefix: string): string {
  return `e2e-${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Signs `email` in with an emailed passcode, lands on the console's overview and creates the project `name`. */
export async function signInWithProject(page: Page, mailbox: Mailbox, email: string, name: string): Promise<void> {
  await page.goto('/signin?callbackUrl=%2Fconsole%2Foverview');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('One-time passcode').pressSequentially(await mailbox.passcodeFor(email));
  await expect(page).toHaveURL(/\/console\/overview$/, { timeout: 15_000 });
  await page.getByLabel('Project name').fill(name);
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByText(`Project ${name} created`)).toBeVisible();
}

/**
 * Signs `email` in through the API (an emailed passcode on /sdk/v1, then the console's session exchange); the
 * session cookie lands in `request`'s browser context. `baseUrl` is for a spec that runs its own server.
 */
export async function signInThroughApi(
  request: APIRequestContext,
  passcodeFor: (email: string) => Promise<string>,
  email: string,
  baseUrl = '',
): Promise<void> {
  const { publicToken } = (await (await request.get(`${baseUrl}/api/platform`)).json()) as { publicToken: string };
  const authorization = `Basic ${Buffer.from(`${publicToken}:`).toString('base64')}`;
  const sent = await request.post(`${baseUrl}/sdk/v1/otps/email/login_or_create`, { headers: { authorization }, data: { email } });
  expect(sent.status()).toBe(200);
  const { email_id: methodId } = ((await sent.json()) as { data: { email_id: string } }).data;
  const token = await passcodeFor(email);
  const authenticated = await request.post(`${baseUrl}/sdk/v1/otps/authenticate`, {
    headers: { authorization },
    data: { token, method_id: methodId, session_duration_minutes: 60 },
  });
  expect(authenticated.status()).toBe(200);
  const { session_token: sessionToken } = ((await authenticated.json()) as { data: { session_token: string } }).data;
  expect((await request.post(`${baseUrl}/api/session/authenticate`, { data: { session_token: sessionToken } })).status()).toBe(200);
}
