// What the SDK test page (sdk-page-entry.ts) puts on `window`, for the specs' `page.evaluate` callbacks.
import type { AuthClient, AuthClientOptions } from '@keepsake/auth-js';
import type { cryptoWallets } from '@keepsake/auth-js/crypto-wallets';
import type { idp } from '@keepsake/auth-js/idp';
import type { magicLinks } from '@keepsake/auth-js/magic-links';
import type { oauth } from '@keepsake/auth-js/oauth';
import type { otps } from '@keepsake/auth-js/otps';
import type { passwords } from '@keepsake/auth-js/passwords';
import type { totps } from '@keepsake/auth-js/totps';
import type { webauthn } from '@keepsake/auth-js/webauthn';

export type PageClient = AuthClient<
  [typeof otps, typeof magicLinks, typeof passwords, typeof totps, typeof oauth, typeof webauthn, typeof cryptoWallets, typeof idp]
>;

/** Client options that survive `page.evaluate`: a captcha provider becomes the tokens it hands out in turn. */
export type PageClientOptions = Omit<AuthClientOptions, 'products' | 'captcha'> & { captchaTokens?: string[] };

export type SdkOutcome<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      error: {
        name: string;
        isAuthError: boolean;
        message: string;
        shortMessage?: string;
        details?: string;
        error_type?: string | undefined;
        status_code?: number | undefined;
        field?: string | undefined;
      };
    };

export type SdkTestApi = {
  createClient: (publicToken: string, options: PageClientOptions) => PageClient;
  /** Runs an SDK call and reports its value or its error's fields (errors do not cross `evaluate` intact). */
  attempt: <T>(run: () => Promise<T> | T) => Promise<SdkOutcome<T>>;
  /**
   * Every fetch of the page: URL, method, the page's Date.now() when sent, the body, the answer's status, and
   * whether the caller has handled the outcome (its body read, or the failure delivered).
   */
  requests: Array<{ url: string; method: string; at: number; body: string | null; status: number | null; handled: boolean }>;
  /** What the captcha provider was asked, in order. */
  captchaRequests: Array<{ action: string; siteKey: string | undefined }>;
  /** Every session and user change the client reported. */
  changes: Array<{ kind: 'session'; at: number; sessionId: string | null } | { kind: 'user'; at: number; userId: string | null }>;
};

declare global {
  interface Window {
    sdk: SdkTestApi;
    client: PageClient;
  }
}
