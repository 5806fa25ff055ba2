// The genuine-client test page: Stytch's own @stytch/vanilla-js (the headless client, and on demand the pre-built
// UI client), bundled as an app would, exposed on `window.genuine` for `page.evaluate`, pointed at Keepsake with
// `endpoints: { testAPIURL, liveAPIURL }`. Every fetch of the page is logged with its status.
import type { StytchClientOptions, StytchLoginConfig } from '@stytch/vanilla-js';
import { StytchHeadlessClient } from '@stytch/vanilla-js/headless';
import type { GenuineTestApi } from './page-types.ts';

const requests: GenuineTestApi['requests'] = [];
const pageFetch = window.fetch.bind(window);
window.fetch = (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const entry: GenuineTestApi['requests'][number] = { url, method: init?.method ?? 'GET', status: null };
  requests.push(entry);
  return pageFetch(input, init).then(
    (response) => {
      entry.status = response.status;
      return response;
    },
    (error: unknown) => {
      entry.failure = error instanceof Error ? error.message : String(error);
      throw error;
    },
  );
};

const changes: GenuineTestApi['changes'] = [];
const uiEvents: string[] = [];
const uiErrors: string[] = [];

/** `endpoints` is how the client is pointed at another API host over plain http (its typed options want https). */
function options(apiUrl: string): StytchClientOptions {
  return { endpoints: { testAPIURL: apiUrl, liveAPIURL: apiUrl } } as StytchClientOptions;
}

function watch(client: StytchHeadlessClient) {
  client.session.onChange((session) => changes.push({ kind: 'session', sessionId: session?.session_id ?? null }));
  client.user.onChange((user) => changes.push({ kind: 'user', userId: user?.user_id ?? null, emails: (user?.emails ?? []).map((e) => e.email) }));
  window.stytch = client;
}

const api: GenuineTestApi = {
  createHeadless(publicToken, apiUrl) {
    watch(new StytchHeadlessClient(publicToken, options(apiUrl)));
  },
  async mountLogin(publicToken, apiUrl, config: StytchLoginConfig) {
    const { StytchUIClient } = await import('@stytch/vanilla-js');
    const client = new StytchUIClient(publicToken, options(apiUrl));
    watch(client);
    client.mountLogin({
      elementId: '#login',
      config,
      callbacks: {
        onEvent: (event) => void uiEvents.push(event.type),
        onError: (error) => void uiErrors.push(error.message),
      },
    });
  },
  async attempt(run) {
    try {
      return { ok: true, value: await run() };
    } catch (error) {
      const e = error as Error & { error_type?: string; status_code?: number; error_message?: string };
      return { ok: false, error: { name: e.name, message: e.message, error_type: e.error_type, status_code: e.status_code, error_message: e.error_message } };
    }
  },
  requests,
  changes,
  uiEvents,
  uiErrors,
};

window.genuine = api;
document.body.dataset.genuineReady = 'true';
