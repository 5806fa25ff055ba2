// issue 10: email magic links through Stytch's own @stytch/vanilla-js (headless) in Chromium, with and without
// PKCE. The projects set no redirect URL: a test project sends links to /authenticate on the app that asked
// (ADR 076), where the test page answers, as an app's link handler would.
import type { Page } from '@playwright/test';
import { expect, expectSignedIn, test, unique, type GenuinePages } from './fixtures.ts';

/** The link of the newest magic-link email to `email`, checked to land on the test page's /authenticate. */
async function linkTo(mailbox: { waitFor(to: string): Promise<{ text: string }> }, email: string, site: string) {
  const link = new URL(/https?:\/\/\S+/.exec((await mailbox.waitFor(email)).text)![0]);
  expect(`${link.origin}${link.pathname}`).toBe(`${site}/authenticate`);
  expect(link.searchParams.get('stytch_token_type')).toBe('magic_links');
  return link;
}

async function openLink(page: Page, genuine: GenuinePages, publicToken: string, link: URL) {
  // A fresh page load, as when the user clicks the link: a PKCE verifier waits in this browser's storage.
  await genuine.reopen(page, publicToken, `${link.pathname}${link.search}`);
  return page.evaluate(() => new URLSearchParams(location.search).get('token')!);
}

test('magic link with PKCE required: the challenge goes out, the link opens the app, which signs in with the verifier', async ({ page, genuine, mailbox }) => {
  const project = await genuine.start(page, { authConfig: { magicLinks: { pkceRequired: true } } });
  const email = unique('genuine-eml-pkce');
  const requests: Array<{ url: string; body: string | null }> = [];
  page.on('request', (request) => void requests.push({ url: request.url(), body: request.postData() }));

  const sent = await page.evaluate((to) => window.genuine.attempt(() => window.stytch.magicLinks.email.loginOrCreate(to)), email);
  expect(sent.ok, JSON.stringify(sent)).toBe(true);
  const challenge = JSON.parse(requests.find((r) => r.url.endsWith('/magic_links/email/login_or_create'))!.body!).code_challenge;
  expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const link = await linkTo(mailbox, email, genuine.site);

  const token = await openLink(page, genuine, project.publicToken, link);
  const auth = await page.evaluate((t) => window.genuine.attempt(() => window.stytch.magicLinks.authenticate(t, { session_duration_minutes: 30 })), token);
  expect(auth.ok, JSON.stringify(auth)).toBe(true);
  const verifier = JSON.parse(requests.findLast((r) => r.url.endsWith('/magic_links/authenticate'))!.body!).code_verifier;
  expect(verifier).toMatch(/\S/);
  const stored = await expectSignedIn(genuine, page, { email });
  expect(stored.session!.authentication_factors).toEqual([expect.objectContaining({ type: 'magic_link', delivery_method: 'email' })]);
});

test('magic link without PKCE: sent to the redirect URL asked for, redeemed without a verifier', async ({ page, genuine, mailbox }) => {
  const project = await genuine.start(page);
  const email = unique('genuine-eml');
  const requests: Array<{ url: string; body: string | null }> = [];
  page.on('request', (request) => void requests.push({ url: request.url(), body: request.postData() }));

  const url = `${genuine.site}/authenticate`;
  const sent = await page.evaluate(
    ([to, u]) => window.genuine.attempt(() => window.stytch.magicLinks.email.loginOrCreate(to, { login_magic_link_url: u, signup_magic_link_url: u })),
    [email, url] as const,
  );
  expect(sent.ok, JSON.stringify(sent)).toBe(true);
  expect(JSON.parse(requests.find((r) => r.url.endsWith('/magic_links/email/login_or_create'))!.body!)).not.toHaveProperty('code_challenge');
  const link = await linkTo(mailbox, email, genuine.site);

  const token = await openLink(page, genuine, project.publicToken, link);
  const auth = await page.evaluate((t) => window.genuine.attempt(() => window.stytch.magicLinks.authenticate(t, { session_duration_minutes: 30 })), token);
  expect(auth.ok, JSON.stringify(auth)).toBe(true);
  expect(JSON.parse(requests.findLast((r) => r.url.endsWith('/magic_links/authenticate'))!.body!)).not.toHaveProperty('code_verifier');
  await expectSignedIn(genuine, page, { email });
});
