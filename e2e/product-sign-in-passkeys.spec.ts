// issue 12 §17, issue 13: passkeys in the widget on the product app's /signin (ADR 124), the button and autofill on the email input, with
// Chromium's virtual authenticator; the passkey is added, renamed and deleted in /console/account, the sign-in
// widget's passkey registration mode (issue 13). WebAuthn refuses an IP address as relying party, and the platform project's
// passkeys live on the server's own host, so this spec runs its own server on http://localhost:<port> (PGlite, an
// SMTP sink, KEEPSAKE_ADMIN_EMAILS for the platform project's settings).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as playwrightRequest } from '@playwright/test';
import { expect, expectAccessibleNow, test } from './fixtures.ts';
import { uniqueEmail } from './support/console.ts';
import { expectSignedIn, resetPlatformSignIn, setPlatformSignIn, signInAdmin, signOut } from './support/product-sign-in.ts';
import { addVirtualAuthenticator } from './support/virtual-authenticator.ts';

// Server test helpers, imported by URL so that `tsc -b` does not pull server sources into the tools project (TS6307).
type SmtpSink = { url: string; messagesTo(to: string): Array<{ text: string }>; close(): Promise<void> };
type StartedServer = { child: { kill(signal?: string): boolean }; url: string; errorLogs(): string[]; exited: Promise<number | null> };
const modules = {
  smtp: new URL('../apps/server/src/testing/smtp-sink.ts', import.meta.url).href,
  process: new URL('../apps/server/src/testing/server-process.ts', import.meta.url).href,
};
const ADMIN = 'passkeys-admin@keepsake.example';

let sink: SmtpSink;
let server: StartedServer;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const { startSmtpSink } = (await import(modules.smtp)) as { startSmtpSink: () => Promise<SmtpSink> };
  const { startServerProcess, serverProcessEnv } = (await import(modules.process)) as {
    startServerProcess: (env: Record<string, string>, readyMs?: number) => Promise<StartedServer>;
    serverProcessEnv: (dataDir: string, databaseUrl: string | undefined) => Record<string, string>;
  };
  sink = await startSmtpSink();
  dataDir = mkdtempSync(join(tmpdir(), 'keepsake-e2e-passkeys-'));
  server = await startServerProcess(
    {
      ...serverProcessEnv(dataDir, undefined),
      SMTP_URL: sink.url,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_OTP_PER_IP: '1000',
      KEEPSAKE_ADMIN_EMAILS: ADMIN,
    },
    90_000, // start-up (PGlite, migrations, the embedded devnet) is slow on a busy machine
  );
  expect(new URL(server.url).hostname).toBe('localhost');
});

test.afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  await sink?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  // This spec's own server is not the one the serverErrors fixture watches: judge its log here (ADR 082).
  expect(server?.errorLogs() ?? [], 'unexpected error-level lines in the log of this spec’s server').toEqual([]);
});

const mail = {
  count: async (to: string) => sink.messagesTo(to).length,
  async passcode(to: string, after: number) {
    await expect.poll(() => sink.messagesTo(to).length, { message: `passcode email to ${to}` }).toBeGreaterThan(after);
    return /^\s*(\d{6})\s*$/m.exec(sink.messagesTo(to)[after]!.text)![1]!;
  },
};

test('passkey: registered in the console after an email sign-in, then signs in through autofill on the email input and with the button; renamed and deleted in the console', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  const authenticator = await addVirtualAuthenticator(page);
  const email = uniqueEmail('product-passkey');
  await page.goto('/signin');
  await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('autocomplete', 'username webauthn');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByLabel('One-time passcode').pressSequentially(await mail.passcode(email, 0));
  const user = await expectSignedIn(page);

  // Register a passkey for the signed-in user in the console's account page: the sign-in widget's passkey
  // registration mode (issue 13), then rename it there.
  await page.goto('/console/account');
  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  await expect(passkeys.getByRole('heading', { name: 'Set up a new Passkey' })).toBeVisible();
  await passkeys.getByRole('button', { name: 'Create a Passkey' }).click();
  await expect(passkeys.getByRole('list', { name: 'Passkeys' }).getByRole('listitem')).toHaveText([/Chrome on Linux/]);
  expect(await authenticator.credentials()).toHaveLength(1);
  await passkeys.getByRole('button', { name: 'Rename Chrome on Linux' }).click();
  await passkeys.getByLabel('Passkey name').fill('Console laptop');
  await passkeys.getByRole('button', { name: 'Save' }).click();
  await expect(passkeys.getByRole('button', { name: 'Rename Console laptop' })).toBeVisible();
  await page.reload();
  await expect(passkeys.getByRole('list', { name: 'Passkeys' }).getByRole('listitem')).toHaveText([/Console laptop/]);
  await expectAccessibleNow(page, '/console/account with a passkey');
  mkdirSync('docs/screenshots', { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page.screenshot({ path: `docs/screenshots/account-passkeys-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await signOut(page);

  // Autofill: the email input asks for passkeys as soon as it shows, and the virtual authenticator answers at once.
  await page.goto('/signin');
  expect((await expectSignedIn(page)).userId).toBe(user.userId);
  await signOut(page);

  // The button, on a widget without an email or phone form (no autofill there): wallets and passkeys.
  const admin = await playwrightRequest.newContext({ baseURL: server.url });
  await signInAdmin(admin, ADMIN, mail);
  await setPlatformSignIn(admin, { products: ['crypto', 'passkeys'] });
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Login with a Passkey' }).click();
  expect((await expectSignedIn(page)).userId).toBe(user.userId);
  await resetPlatformSignIn(admin);

  // Delete it in the console, after the confirmation; the list is then empty.
  await page.goto('/console/account');
  await passkeys.getByRole('button', { name: 'Delete Console laptop' }).click();
  const confirm = passkeys.getByRole('group', { name: 'Delete Console laptop?' });
  await expect(confirm.getByText('Once deleted, the passkey cannot be restored.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(passkeys.getByText('You have no Passkeys yet.')).toBeVisible();
  await page.reload();
  await expect(passkeys.getByRole('heading', { name: 'Set up a new Passkey' })).toBeVisible();
  await passkeys.getByRole('button', { name: 'Skip' }).click();
  await passkeys.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/console\/overview$/);
  await admin.dispose();
  await context.close();
});

test('screenshots of /signin: the default widget, and every product with Farcaster beside', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  // No virtual authenticator here: Chromium's refuses a passkey autofill at once when it holds no passkey, where a
  // browser with no passkey keeps the request waiting quietly, as this one does.
  const admin = await playwrightRequest.newContext({ baseURL: server.url });
  await signInAdmin(admin, ADMIN, mail);
  mkdirSync('docs/screenshots/widget', { recursive: true });
  const shoot = async (name: string) => {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
      await page.screenshot({ path: `docs/screenshots/widget/signin-${name}-${width}.png`, fullPage: true });
    }
  };
  await resetPlatformSignIn(admin);
  const autofillStarted = page.waitForResponse((response) => response.url().endsWith('/webauthn/authenticate/start/primary'));
  await page.goto('/signin');
  await expect(page.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible({ timeout: 30_000 });
  expect((await autofillStarted).status()).toBe(200); // the passkey autofill is waiting on the email input
  await expect(page.getByRole('button', { name: 'Login with a Passkey' })).toHaveCount(0); // autofill instead
  await shoot('default');

  await setPlatformSignIn(
    admin,
    {
      products: ['oauth', 'otp', 'crypto', 'passwords', 'passkeys'],
      otpOptions: { methods: ['email', 'sms'], expirationMinutes: 5 },
      oauthOptions: { providers: [{ type: 'google' }, { type: 'discord' }] },
    },
    { farcaster: true },
  );
  await page.goto('/signin');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Sign in with Farcaster' })).toBeVisible();
  await expectAccessibleNow(page, '/signin with every product');
  await shoot('every-product');
  await resetPlatformSignIn(admin);
  await admin.dispose();
  await context.close();
});
