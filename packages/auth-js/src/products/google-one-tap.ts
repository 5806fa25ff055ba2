// `client.oauth.googleOneTap.start()` (spec §7 "One-tap start/submit", §4 "One Tap states"): asks Keepsake for the
// project's Google client, shows Google's One Tap prompt (Google Identity Services), and on a chosen account
// submits Google's ID token; Keepsake answers the login or signup URL with `stytch_token_type=oauth&token=…`, which
// the page is sent to and finishes with `oauth.authenticate(token)`. docs/oauth.md.
import type { oneTapStartResponse, oneTapSubmitBody, oneTapSubmitResponse } from '@keepsake/wire/sdk/oauth';
import type { z } from 'zod';
import type { AuthCore } from '../core/product.ts';
import { compact } from '../core/validate.ts';
import { ApiError } from '../errors.ts';

/** Google's moment notification (developers.google.com/identity/gsi/web/reference/js-reference#PromptMomentNotification). */
export type PromptMomentNotification = {
  isNotDisplayed?(): boolean;
  getNotDisplayedReason?(): string;
  isSkippedMoment(): boolean;
  getSkippedReason?(): string;
  isDismissedMoment(): boolean;
  getDismissedReason?(): string;
};

/** The part of Google Identity Services' `google.accounts.id` that One Tap uses. */
export type GoogleAccountsId = {
  initialize(config: {
    client_id: string;
    callback: (response: { credential: string }) => void;
    auto_select: boolean;
    context: 'signin' | 'signup' | 'use';
    itp_support: boolean;
    use_fedcm_for_prompt: boolean;
    prompt_parent_id?: string;
  }): void;
  prompt(listener: (notification: PromptMomentNotification) => void): void;
};

/**
 * `googleOneTap.start` options, as the genuine client takes them; `prompt_parent_id` is the id of an element to
 * show the prompt in (the sign-in widget's embedded One Tap). Google ignores it on phones and where the browser
 * shows the prompt itself (FedCM).
 */
export type OneTapStartOptions = {
  login_redirect_url?: string;
  signup_redirect_url?: string;
  onOneTapCancelled?: () => void;
  /**
   * Keepsake's addition: One Tap ended without signing in after `start` had answered — the server refused the
   * chosen account (`reason` is its `error_type`, `error` the ApiError), or Google later skipped or dismissed the
   * prompt (`reason` is Google's: `user_cancel`, `tap_outside`, `auto_cancel`, `issuing_failed`, `cancel_called`,
   * `flow_restarted`). Without it a refused account is only logged as a warning.
   */
  onOneTapError?: (reason: string, error?: unknown) => void;
  prompt_parent_id?: string;
};

/**
 * Whether the prompt is showing. `reason` is the server's §4 One Tap state (`oauth_config_not_found`,
 * `origin_not_allowed_for_client`, `invalid_client`, `no_login_redirect_urls_set`, …) or Google's reason for not
 * showing it (`unregistered_origin`, `user_cancel`, …).
 */
export type OneTapRenderResult = { success: true } | { success: false; reason: string };

const GSI_SCRIPT_URL = 'https://accounts.google.com/gsi/client';

type WithGoogle = { google?: { accounts?: { id?: GoogleAccountsId } } };

/** Google Identity Services: already on the page, or loaded from Google's script. */
export function loadGoogleIdentity(): Promise<GoogleAccountsId> {
  const loaded = (globalThis as WithGoogle).google?.accounts?.id;
  if (loaded) return Promise.resolve(loaded);
  if (typeof document === 'undefined') return Promise.reject(new Error('Google One Tap needs a browser page.'));
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GSI_SCRIPT_URL;
    script.async = true;
    script.onload = () => {
      const id = (globalThis as WithGoogle).google?.accounts?.id;
      if (id) resolve(id);
      else reject(new Error('Google Identity Services loaded without google.accounts.id.'));
    };
    script.onerror = () => reject(new Error(`Could not load ${GSI_SCRIPT_URL}.`));
    document.head.appendChild(script);
  });
}

/** What Google's notification says about the prompt (the genuine client's reading of it); a dismissal other than
 * by the chosen account (`credential_returned`) is a failure with Google's reason too. */
function renderResult(notification: PromptMomentNotification): OneTapRenderResult | undefined {
  if (notification.isSkippedMoment()) return { success: false, reason: notification.getSkippedReason?.() ?? 'unknown_reason' };
  if (notification.isNotDisplayed?.()) return { success: false, reason: notification.getNotDisplayedReason?.() ?? 'unknown_reason' };
  if (!notification.isDismissedMoment()) return { success: true };
  const reason = notification.getDismissedReason?.();
  return reason && reason !== 'credential_returned' ? { success: false, reason } : undefined;
}

/** `oauth.googleOneTap.start`: `load` is Google's library (a parameter so that tests give their own). */
export async function startGoogleOneTap(core: AuthCore, options: OneTapStartOptions = {}, load = loadGoogleIdentity): Promise<OneTapRenderResult> {
  let config: z.output<typeof oneTapStartResponse>['data'];
  try {
    config = await core.transport.request({ method: 'GET', path: '/oauth/google/onetap/start', auth: 'public' });
  } catch (error) {
    if (error instanceof ApiError) return { success: false, reason: error.error_type };
    throw error;
  }
  const google = await load();

  async function submit(credential: string) {
    try {
      const body = compact({
        id_token: credential,
        oauth_callback_id: config.oauth_callback_id,
        login_redirect_url: options.login_redirect_url,
        signup_redirect_url: options.signup_redirect_url,
      } satisfies z.input<typeof oneTapSubmitBody>);
      const data = await core.transport.request<z.output<typeof oneTapSubmitResponse>['data']>({
        method: 'POST',
        path: '/oauth/google/onetap/submit',
        body,
        auth: 'public',
      });
      core.navigate(data.redirect_url);
    } catch (error) {
      if (options.onOneTapError) options.onOneTapError(error instanceof ApiError ? error.error_type : 'submit_failed', error);
      else core.warn(`@keepsake/auth-js: Google One Tap sign-in failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  google.initialize({
    client_id: config.google_client_id,
    callback: (response) => void submit(response.credential),
    auto_select: false,
    context: 'use',
    itp_support: true,
    use_fedcm_for_prompt: true,
    ...(options.prompt_parent_id ? { prompt_parent_id: options.prompt_parent_id } : {}),
  });
  let answered = false;
  return new Promise((resolve) => {
    google.prompt((notification) => {
      const result = renderResult(notification);
      if (!result) return;
      if (!result.success && result.reason === 'user_cancel') options.onOneTapCancelled?.();
      // The first notification answers start; a later ending (the prompt was shown) goes to onOneTapError.
      if (!answered) resolve(result);
      else if (!result.success) options.onOneTapError?.(result.reason);
      answered = true;
    });
  });
}
