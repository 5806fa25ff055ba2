// The test page of the SDK browser tests (e2e/auth-sdk-*.spec.ts): the SDK bundled with every product, exposed
// on `window.sdk` for `page.evaluate`, plus a log of every request the page sends (with the page's clock, which
// Playwright's `page.clock` may fake).
import { createAuthClient, type AuthClientOptions } from '@keepsake/auth-js';
import { cryptoWallets } from '@keepsake/auth-js/crypto-wallets';
import { AuthError } from '@keepsake/auth-js/errors';
import { idp } from '@keepsake/auth-js/idp';
import { magicLinks } from '@keepsake/auth-js/magic-links';
import { oauth } from '@keepsake/auth-js/oauth';
import { otps } from '@keepsake/auth-js/otps';
import { passwords } from '@keepsake/auth-js/passwords';
import { totps } from '@keepsake/auth-js/totps';
import { webauthn } from '@keepsake/auth-js/webauthn';
import type { PageClientOptions, SdkTestApi, SdkOutcome } from './sdk-page-types.ts';

const allProducts = [otps, magicLinks, passwords, totps, oauth, webauthn, cryptoWallets, idp] as const;

const requests: SdkTestApi['requests'] = [];
const pageFetch = window.fetch.bind(window);
window.fetch = (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const entry = {
    url,
    method: init?.method ?? 'GET',
    at: Date.now(),
    body: typeof init?.body === 'string' ? init.body : null,
    status: null as number | null,
    handled: false,
  };
  requests.push(entry);
  // `handled` turns true when the caller has the outcome: the SDK reads every body with text(), and what it does
  // with the answer follows in the same microtask checkpoint, before any later task (such as an evaluate).
  return pageFetch(input, init).then(
    (response) => {
      entry.status = response.status;
      const text = response.text.bind(response);
      response.text = () => text().finally(() => (entry.handled = true));
      return response;
    },
    (error: unknown) => {
      entry.handled = true;
      throw error;
    },
  );
};

const changes: SdkTestApi['changes'] = [];
const captchaRequests: SdkTestApi['captchaRequests'] = [];

function createClient(publicToken: string, options: PageClientOptions) {
  const { captchaTokens, ...rest } = options;
  const queue = [...(captchaTokens ?? [])];
  const clientOptions: AuthClientOptions<typeof allProducts> = {
    ...rest,
    products: allProducts,
    ...(captchaTokens
      ? {
          captcha: (request: { action: string; siteKey: string | undefined }) => {
            captchaRequests.push(request);
            return queue.shift() ?? 'no-token-left';
          },
        }
      : {}),
  };
  const client = createAuthClient(publicToken, clientOptions);
  client.session.onChange((session) => changes.push({ kind: 'session', at: Date.now(), sessionId: session?.session_id ?? null }));
  client.user.onChange((user) => changes.push({ kind: 'user', at: Date.now(), userId: user?.user_id ?? null }));
  window.client = client;
  return client;
}

async function attempt<T>(run: () => Promise<T> | T): Promise<SdkOutcome<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    const e = error as AuthError & { error_type?: string; status_code?: number; field?: string };
    return {
      ok: false,
      error: {
        name: e.name,
        isAuthError: e instanceof AuthError,
        message: e.message,
        shortMessage: e.shortMessage,
        details: e.details,
        error_type: e.error_type,
        status_code: e.status_code,
        field: e.field,
      },
    };
  }
}

const api: SdkTestApi = { createClient, attempt, requests, changes, captchaRequests };
window.sdk = api;
document.body.dataset.sdkReady = 'true';
