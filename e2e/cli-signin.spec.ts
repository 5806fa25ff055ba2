// CLI sign-in (ADR 114): the real CLI as a child process against the e2e server, approved in Chromium — the
// device grant (--no-browser) and the loopback grant (the browser is sent to the CLI's 127.0.0.1 listener).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, expectAccessibleNow, requiredEnv, test } from './fixtures.ts';
import { signInWithProject, uniqueEmail } from './support/console.ts';
import { screenshotBothWidths } from './support/screenshots.ts';

type Cli = { child: ChildProcessWithoutNullStreams; output: () => string; exited: Promise<number | null> };

function runCli(args: string[], configHome: string): Cli {
  const child = spawn(process.execPath, ['--experimental-strip-types', '--disable-warning=ExperimentalWarning', 'apps/server/src/cli/main.ts', ...args], {
    // No browser opener on PATH's behalf: the CLI prints the URL and the test follows it.
    env: { ...process.env, XDG_CONFIG_HOME: configHome, PATH: `${join(configHome, 'no-bin')}:${process.env.PATH ?? ''}` },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, output: () => output, exited };
}

let configHome = '';
test.beforeEach(() => {
  configHome = mkdtempSync(join(tmpdir(), 'keepsake-cli-e2e-'));
});
test.afterEach(() => rmSync(configHome, { recursive: true, force: true }));

test('login --no-browser: the developer approves the code in the console, and the CLI lists their projects', async ({ page, mailbox }) => {
  test.setTimeout(90_000);
  const baseUrl = requiredEnv('KEEPSAKE_E2E_BASE_URL');
  await signInWithProject(page, mailbox, uniqueEmail('cli-device'), 'CLI device E2E');

  const login = runCli(['login', '--no-browser', '--url', baseUrl, '--device-name', 'E2E build box'], configHome);
  try {
    await expect.poll(login.output, { timeout: 20_000 }).toMatch(/user_code=/);
    const url = new URL(/(http\S+\/console\/authorize-device\?user_code=\S+)/.exec(login.output())![1]!);
    const userCode = url.searchParams.get('user_code')!;
    expect(login.output()).toContain(`and device:\n\n  ${userCode}\n  E2E build box\n`);

    await page.goto(`${url.pathname}${url.search}`);
    await expect(page.getByText('Check that your terminal shows this code:')).toBeVisible();
    await expect(page.getByText(userCode, { exact: true })).toBeVisible();
    // The device the CLI asked under, beside the code: someone else's request would name their machine.
    await expect(page.getByText('Device name the terminal sent:')).toBeVisible();
    await expect(page.getByText('E2E build box', { exact: true })).toBeVisible();
    await expectAccessibleNow(page, 'authorize device');
    await screenshotBothWidths(page, 'docs/screenshots', 'authorize-device');
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(/\/console\/authorize-device\/success\?status=approved$/);
    await expect(page.getByRole('status')).toHaveText('The CLI is signed in. You can go back to your terminal.');

    expect(await login.exited).toBe(0);
    expect(login.output()).toContain(`Signed in to ${baseUrl}.`);
  } finally {
    login.child.kill();
  }
  const credentials = join(configHome, 'keepsake', 'credentials.json');
  expect(statSync(credentials).mode & 0o777).toBe(0o600);
  // /console/account lists the token under the device name the CLI sent.
  await page.goto('/console/account');
  await expect(page.getByRole('region', { name: 'CLI tokens' }).getByText('E2E build box', { exact: true })).toBeVisible();

  const list = runCli(['projects', 'list', '--json'], configHome);
  expect(await list.exited).toBe(0);
  const projects = JSON.parse(list.output()) as { name: string; role: string }[];
  expect(projects).toEqual([expect.objectContaining({ name: 'CLI device E2E', role: 'owner' })]);

  const logout = runCli(['logout'], configHome);
  expect(await logout.exited).toBe(0);
  expect(logout.output()).toContain('Signed out; the CLI token was revoked.');
  const after = runCli(['projects', 'list'], configHome);
  expect(await after.exited).toBe(1);
  expect(after.output()).toContain('Not signed in.');
});

test('an unknown code is refused on /console/authorize-device', async ({ page, mailbox, consoleErrors }) => {
  consoleErrors.allow({ text: /status of 404/, url: /\/api\/console\/cli\/device\?/ });
  await signInWithProject(page, mailbox, uniqueEmail('cli-unknown'), 'CLI unknown E2E');
  await page.goto('/console/authorize-device?user_code=BCDF-GHJK');
  await expect(page.getByText('That code is not valid. Check it against the one your terminal shows.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
});

test('login in the browser: /cli-signin approves and the browser lands on /cli-signin/success', async ({ page, mailbox }) => {
  test.setTimeout(90_000);
  const baseUrl = requiredEnv('KEEPSAKE_E2E_BASE_URL');
  await signInWithProject(page, mailbox, uniqueEmail('cli-loopback'), 'CLI loopback E2E');
  const login = runCli(['login', '--url', baseUrl], configHome);
  try {
    // The CLI's own start-up (Node type stripping) first: 20 s was not enough beside a second worker at load 30.
    await expect.poll(login.output, { timeout: 45_000 }).toMatch(/\/cli-signin\?/);
    const target = /(http\S+\/cli-signin\?\S+)/.exec(login.output())![1]!;
    expect(new URL(target).searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    await page.goto(target);
    await expect(page).toHaveURL(/\/cli-signin\/success$/);
    await expect(page.getByRole('status')).toHaveText('The CLI is signed in. You can close this page and go back to your terminal.');
    expect(await login.exited).toBe(0);
  } finally {
    login.child.kill();
  }
  const list = runCli(['projects', 'list'], configHome);
  expect(await list.exited).toBe(0);
  expect(list.output()).toContain('CLI loopback E2E  (owner)');
});
