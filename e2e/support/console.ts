import { expect, type Page } from '@playwright/test';
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
  await page.getByLabel('Passcode').pressSequentially(await mailbox.passcodeFor(email));
  await expect(page).toHaveURL(/\/console\/overview$/, { timeout: 15_000 });
  await page.getByLabel('Project name').fill(name);
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByText(`Project ${name} created`)).toBeVisible();
}
