import { afterEach, describe, expect, it } from 'vitest';
import type { AuthCore } from '../core/product.ts';
import { ApiError } from '../errors.ts';
import type { GoogleAccountsId, PromptMomentNotification } from './google-one-tap.ts';
import { oauth } from './oauth.ts';

type Call = { method: string; path: string; body?: Record<string, unknown>; auth?: string };

/** A client core whose transport answers One Tap start (or refuses it with `startError`) and submit. */
function fakeCore(startError?: string) {
  const calls: Call[] = [];
  const navigations: string[] = [];
  const warnings: string[] = [];
  const core = {
    publicToken: 'public-token-test-abc',
    baseUrl: 'https://auth.example.com',
    navigate: (url: string) => navigations.push(url),
    warn: (message: string) => warnings.push(message),
    transport: {
      request: async (call: Call) => {
        calls.push(call);
        if (call.path === '/oauth/google/onetap/start') {
          if (startError) {
            throw new ApiError({ status_code: 404, request_id: 'r', error_type: startError, error_message: 'no', error_url: 'https://x' });
          }
          return { google_client_id: '123-abc.apps.googleusercontent.com', oauth_callback_id: 'callback-1' };
        }
        if (call.body?.id_token === 'bad-credential') {
          throw new ApiError({ status_code: 401, request_id: 'r', error_type: 'invalid_id_token', error_message: 'expired', error_url: 'https://x' });
        }
        return { redirect_url: 'https://app.example.com/login?stytch_token_type=oauth&token=t' };
      },
    },
  } as unknown as AuthCore;
  return { calls, navigations, warnings, api: oauth.install(core) };
}

/** Google Identity Services standing in on the page: records initialize, answers prompt with `notification`. */
function fakeGoogle(notification: Partial<PromptMomentNotification>) {
  const state: { config?: Parameters<GoogleAccountsId['initialize']>[0]; notify?: (later: Partial<PromptMomentNotification>) => void } = {};
  const moment = (n: Partial<PromptMomentNotification>) => ({
    isSkippedMoment: () => false,
    isDismissedMoment: () => false,
    isNotDisplayed: () => false,
    ...n,
  });
  const id: GoogleAccountsId = {
    initialize: (config) => void (state.config = config),
    prompt: (listener) => {
      state.notify = (later) => listener(moment(later));
      listener(moment(notification));
    },
  };
  (globalThis as { google?: unknown }).google = { accounts: { id } };
  return state;
}

afterEach(() => {
  delete (globalThis as { google?: unknown }).google;
});

describe('client.oauth.googleOneTap', () => {
  it("starts with the project's Google client, and a chosen account is submitted and followed to its redirect URL", async () => {
    const google = fakeGoogle({});
    const { api, calls, navigations } = fakeCore();
    await expect(api.googleOneTap.start({ login_redirect_url: 'https://app.example.com/login' })).resolves.toEqual({ success: true });
    expect(calls[0]).toEqual({ method: 'GET', path: '/oauth/google/onetap/start', auth: 'public' });
    expect(google.config).toEqual(expect.objectContaining({ client_id: '123-abc.apps.googleusercontent.com', auto_select: false, context: 'use' }));
    expect(google.config).not.toHaveProperty('prompt_parent_id');

    google.config!.callback({ credential: 'google-id-token' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls[1]).toEqual({
      method: 'POST',
      path: '/oauth/google/onetap/submit',
      auth: 'public',
      body: { id_token: 'google-id-token', oauth_callback_id: 'callback-1', login_redirect_url: 'https://app.example.com/login' },
    });
    expect(navigations).toEqual(['https://app.example.com/login?stytch_token_type=oauth&token=t']);
  });

  it('shows the prompt inside the element named by prompt_parent_id', async () => {
    const google = fakeGoogle({});
    await expect(fakeCore().api.googleOneTap.start({ prompt_parent_id: 'one-tap-here' })).resolves.toEqual({ success: true });
    expect(google.config?.prompt_parent_id).toBe('one-tap-here');
  });

  it("answers the server's One Tap state without loading Google's library", async () => {
    const { api, calls } = fakeCore('no_login_redirect_urls_set');
    await expect(api.googleOneTap.start()).resolves.toEqual({ success: false, reason: 'no_login_redirect_urls_set' });
    expect(calls).toHaveLength(1);
  });

  it("answers Google's reasons, and a cancel calls onOneTapCancelled", async () => {
    fakeGoogle({ isNotDisplayed: () => true, getNotDisplayedReason: () => 'unregistered_origin' });
    await expect(fakeCore().api.googleOneTap.start()).resolves.toEqual({ success: false, reason: 'unregistered_origin' });

    fakeGoogle({ isSkippedMoment: () => true, getSkippedReason: () => 'user_cancel' });
    const cancelled: string[] = [];
    const result = await fakeCore().api.googleOneTap.start({ onOneTapCancelled: () => cancelled.push('cancel') });
    expect(result).toEqual({ success: false, reason: 'user_cancel' });
    expect(cancelled).toEqual(['cancel']);
  });

  it('warns and stays on the page when the server refuses the ID token', async () => {
    const google = fakeGoogle({});
    const { api, navigations, warnings } = fakeCore();
    await api.googleOneTap.start();
    google.config!.callback({ credential: 'bad-credential' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(navigations).toEqual([]);
    expect(warnings).toEqual([expect.stringContaining('Google One Tap sign-in failed')]);
  });

  it('reports a refused account to onOneTapError (with the ApiError) instead of warning', async () => {
    const google = fakeGoogle({});
    const { api, navigations, warnings } = fakeCore();
    const errors: [string, unknown][] = [];
    await api.googleOneTap.start({ onOneTapError: (reason, error) => errors.push([reason, error]) });
    google.config!.callback({ credential: 'bad-credential' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(navigations).toEqual([]);
    expect(warnings).toEqual([]);
    expect(errors).toEqual([['invalid_id_token', expect.any(ApiError)]]);
  });

  it("passes Google's later skipped and dismissed reasons to onOneTapError, not the chosen account's", async () => {
    const google = fakeGoogle({});
    const errors: string[] = [];
    const cancelled: string[] = [];
    const options = { onOneTapError: (reason: string) => errors.push(reason), onOneTapCancelled: () => cancelled.push('cancel') };
    await expect(fakeCore().api.googleOneTap.start(options)).resolves.toEqual({ success: true });
    google.notify!({ isDismissedMoment: () => true, getDismissedReason: () => 'credential_returned' });
    google.notify!({ isSkippedMoment: () => true, getSkippedReason: () => 'tap_outside' });
    google.notify!({ isDismissedMoment: () => true, getDismissedReason: () => 'flow_restarted' });
    google.notify!({ isSkippedMoment: () => true, getSkippedReason: () => 'user_cancel' });
    expect(errors).toEqual(['tap_outside', 'flow_restarted', 'user_cancel']);
    expect(cancelled).toEqual(['cancel']);
  });

  it('refuses bad options before calling the server', async () => {
    const { api, calls } = fakeCore();
    await expect(api.googleOneTap.start({ onOneTapCancelled: 'no' as never })).rejects.toThrow('Invalid call to oauth.googleOneTap.start');
    expect(calls).toEqual([]);
  });
});
