// Helpers of the product app's sign-in specs (ADR 104, 124): the platform project's widget through the admin API,
// and the signed-in checks.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { platformDefaultWidget, type WidgetSettings } from '@keepsake/wire/console/widget-settings';
import { signInThroughApi } from './console.ts';

/** Signs the administrator in on `admin` (its own request context), with the passcode sent after this call. */
export async function signInAdmin(
  admin: APIRequestContext,
  email: string,
  mail: { count(to: string): Promise<number>; passcode(to: string, after: number): Promise<string> },
  baseUrl = '',
) {
  const before = await mail.count(email);
  await signInThroughApi(admin, (to) => mail.passcode(to, before), email, baseUrl);
}

type WidgetConfig = WidgetSettings['config'];

/**
 * Sets what /signin offers (ADR 124): the platform project's widget config (the §3 theme) and whether the
 * Farcaster button shows beside it.
 */
export async function setPlatformSignIn(admin: APIRequestContext, config: WidgetConfig, options: { farcaster?: boolean; baseUrl?: string } = {}) {
  const authConfig = { widget: { config, styles: {} }, signInMethods: { farcaster: options.farcaster ?? false } };
  const res = await admin.patch(`${options.baseUrl ?? ''}/api/admin/platform/auth-config`, { data: { authConfig } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Back to the platform default: email passcodes and passkeys with autofill, no Farcaster. */
export async function resetPlatformSignIn(admin: APIRequestContext, baseUrl = '') {
  await setPlatformSignIn(admin, platformDefaultWidget.config, { baseUrl });
}

/** Lands on /user signed in, and answers who /api/session says it is. */
export async function expectSignedIn(page: Page) {
  await expect(page).toHaveURL(/\/user$/, { timeout: 20_000 });
  const session = (await (await page.request.get('/api/session')).json()) as { user?: { userId: string; email: string } };
  expect(session.user?.userId).toMatch(/^[0-9a-f-]{36}$/);
  return session.user!;
}

export async function signOut(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
}
