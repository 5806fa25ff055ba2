// What the genuine-client test page (page-entry.ts) puts on `window`, for the specs' `page.evaluate` callbacks.
import type { StytchLoginConfig } from '@stytch/vanilla-js';
import type { StytchHeadlessClient } from '@stytch/vanilla-js/headless';

export type GenuineOutcome<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      error: { name: string; message: string; error_type?: string | undefined; status_code?: number | undefined; error_message?: string | undefined };
    };

export type GenuineTestApi = {
  /** `new StytchHeadlessClient(publicToken, { endpoints: { testAPIURL, liveAPIURL } })`, as `window.stytch`. */
  createHeadless(publicToken: string, apiUrl: string): void;
  /** `new StytchUIClient(…)` (loaded on demand), as `window.stytch`, and `mountLogin` into `#login`. */
  mountLogin(publicToken: string, apiUrl: string, config: StytchLoginConfig): Promise<void>;
  /** Runs a client call and reports its value or its error's fields (errors do not cross `evaluate` intact). */
  attempt<T>(run: () => Promise<T> | T): Promise<GenuineOutcome<T>>;
  /** Every fetch of the page: URL, method, the answer's status (null when the browser hid the answer). */
  requests: Array<{ url: string; method: string; status: number | null; failure?: string }>;
  /** What the client's `session.onChange` and `user.onChange` reported, in order. */
  changes: Array<{ kind: 'session'; sessionId: string | null } | { kind: 'user'; userId: string | null; emails: string[] }>;
  /** The UI client's `onEvent` types and `onError` messages, in order. */
  uiEvents: string[];
  uiErrors: string[];
};

declare global {
  interface Window {
    genuine: GenuineTestApi;
    stytch: StytchHeadlessClient;
  }
}
