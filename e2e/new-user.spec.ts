// The new-user walkthrough: marketing page → passcode sign-in (code read from the SMTP sink) → /user →
// console: project, API key (secret shown once) → developer API with the key → revoke → sign out.
import { expect, expectAccessibleNow, test } from './fixtures.ts';

const MARKETING_TITLE = 'Keepsake — NFT collections, minting and wallets you can self-host';

/** A 6-digit code that is certainly not `code`. */
function wrongCodeFor(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

function expectSpecError(body: unknown, status: number) {
  expect(body).toEqual(
    expect.objectContaining({
      status_code: status,
      request_id: expect.stringMatching(/\S/),
      error_type: expect.stringMatching(/\S/),
      error_message: expect.stringMatching(/\S/),
    }),
  );
}

test('a new user signs in with an emailed passcode, creates a project and an API key, revokes it and signs out', async ({
  page,
  request,
  mailbox,
  consoleErrors,
}) => {
  // The whole first-day path in one test (sign-in, project, key, API calls, revoke, sign-out): 30 s is tight on two busy cores.
  test.setTimeout(60_000);
  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const collectionsUrl = '/api/2022-06-09/collections';

  await test.step('the marketing page has its title, description and og:image, and links to sign-in', async () => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(MARKETING_TITLE);
    await expect(page.locator('head meta[name=description]')).toHaveAttribute('content', /self-hostable platform/);
    const ogImage = page.locator('head meta[property="og:image"]');
    await expect(ogImage).toHaveAttribute('content', /\/og-image\.png$/);
    const image = await request.get((await ogImage.getAttribute('content'))!);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');

    await page.getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/signin$/);
  });

  await test.step('sign in with the passcode from the email (a wrong one is refused first)', async () => {
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Enter passcode' })).toBeVisible();
    const code = await mailbox.passcodeFor(email);
    expect(code).toMatch(/^\d{6}$/);

    // The server answers a wrong code with 404 otp_code_not_found, which Chromium logs as a failed request.
    consoleErrors.allow({ text: /status of 404/, url: /\/sdk\/v1\/otps\/authenticate$/ });
    const passcode = page.getByLabel('One-time passcode');
    await passcode.pressSequentially(wrongCodeFor(code)); // submits itself at the sixth digit
    await expect(page.getByText('Invalid passcode, please try again.')).toBeVisible();
    await expect(passcode).toHaveValue('');
    await expect(passcode).toBeEnabled();

    await passcode.pressSequentially(code);
    await expect(page.getByRole('heading', { name: 'Success' })).toBeVisible();
    await expect(page).toHaveURL(/\/user$/, { timeout: 15_000 }); // the default callback
    await expect(page.getByRole('heading', { name: `Hi, ${email}` })).toBeVisible();
    expect(await mailbox.messagesTo(email)).toHaveLength(1);
  });

  let projectId = '';
  await test.step('create a project in the console', async () => {
    await page.getByRole('banner').getByRole('link', { name: 'Console' }).click();
    await expect(page).toHaveURL(/\/console\/overview$/);
    await expect(page.getByRole('heading', { name: 'Create your first project' })).toBeVisible();
    await page.getByLabel('Project name').fill('E2E project');
    await page.getByRole('button', { name: 'Create project' }).click();
    await expect(page.getByText('Project E2E project created')).toBeVisible();
    const current = page.getByRole('region', { name: 'Current project' });
    await expect(current.getByRole('definition').filter({ hasText: 'E2E project' })).toBeVisible();
    await expect(current.getByRole('definition').filter({ hasText: 'Owner' })).toBeVisible();

    const projects = await page.request.get('/api/console/projects');
    expect(projects.status()).toBe(200);
    const body = (await projects.json()) as { projects: Array<{ id: string; name: string; role: string }> };
    expect(body.projects).toEqual([expect.objectContaining({ name: 'E2E project', role: 'owner' })]);
    projectId = body.projects[0]!.id;
    await expect(page.getByRole('combobox', { name: 'Project' })).toHaveValue(projectId);
  });

  let secret = '';
  await test.step('create a staging API key with collections.read; the secret is shown once', async () => {
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'API keys' }).click();
    await expect(page).toHaveURL(/\/console\/projects\/apiKeys$/);
    await expect(page.getByRole('heading', { name: 'No API keys yet' })).toBeVisible();
    await page.getByRole('button', { name: 'Create API key' }).click();
    await expect(page).toHaveURL(new RegExp(`/console/projects/${projectId}/APIKeys/Create$`));

    await page.getByLabel('Name', { exact: true }).fill('E2E key');
    await page.getByRole('radio', { name: 'Staging' }).check();
    await page.getByRole('checkbox', { name: 'collections.read' }).check();
    await page.getByRole('button', { name: 'Create API key' }).click();

    await expect(page.getByRole('heading', { name: 'E2E key created' })).toBeVisible();
    const secretField = page.getByLabel('Secret key');
    await expect(secretField).toHaveValue(/^sk_staging_\S+$/);
    secret = await secretField.inputValue();
  });

  await test.step('the key reads collections through the developer API', async () => {
    const response = await request.get(collectionsUrl, { headers: { 'X-API-KEY': secret } });
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ results: [] });
  });

  await test.step('revoke the key in the console (with confirmation); the API then answers 401', async () => {
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page).toHaveURL(/\/console\/projects\/apiKeys$/);
    const row = page.getByRole('row').filter({ hasText: 'E2E key' });
    await expect(row).toContainText('Active');
    await expect(row).toContainText('collections.read');
    // The secret is never shown again.
    await expect(page.getByText(secret)).toHaveCount(0);

    await row.getByRole('button', { name: 'Revoke' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Revoke API key?' });
    await expect(dialog).toContainText('Requests made with E2E key will fail from now on.');
    await expectAccessibleNow(page, 'the revoke confirmation open');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Revoked');
    await expect(row.getByRole('button', { name: 'Revoke' })).toHaveCount(0);

    const response = await request.get(collectionsUrl, { headers: { 'X-API-KEY': secret } });
    expect(response.status()).toBe(401);
    expectSpecError(await response.json(), 401);
  });

  await test.step('sign out: back on the marketing page with no session', async () => {
    await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/^[^?#]*\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
    const session = await page.request.get('/api/session');
    expect(session.status()).toBe(200);
    expect(await session.json()).toEqual({});
  });

  await test.step('signed out, the console sends you to sign-in with a callback', async () => {
    await page.goto('/console/overview');
    await expect(page).toHaveURL(/\/signin\?callbackUrl=/);
    expect(new URL(page.url()).searchParams.get('callbackUrl')).toBe('/console/overview');
    await page.reload();
    await expect(page.getByLabel('Email')).toBeVisible();
    expect(new URL(page.url()).searchParams.get('callbackUrl')).toBe('/console/overview');
  });
});
