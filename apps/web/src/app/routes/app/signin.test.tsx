// /signin is the sign-in widget (ADR 124): the platform project's saved widget from /api/platform; when the widget
// finishes, its session token becomes the console cookie and the page goes to the callback.
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonBody, mockFetch, renderWithProviders } from '../../../testing/render';
import { Component as SignInPage } from './signin';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const EMAIL = 'ada.lovelace@analytical-engine.org';
const PUBLIC_TOKEN = 'public-token-test-signin';
const user = { userId: 'u1', email: EMAIL, name: '', image: null, createdAt: '', webauthn_registrations: [] };

/** What /sdk/v1/otps/authenticate answers for the right code: a session and its user. */
const signedIn = {
  status_code: 200,
  user_id: 'u1',
  session_token: 'widget-session-token',
  session_jwt: 'jwt',
  session: { session_id: 's1', user_id: 'u1', last_accessed_at: '2026-11-22T10:00:00Z', expires_at: new Date(Date.now() + 3_600_000).toISOString() },
  user: { user_id: 'u1', emails: [{ email_id: 'email-1', email: EMAIL, verified: true }] },
  intermediate_session_token: '',
  mfa_required: false,
};

function setup(options: { path?: string; signedInAlready?: boolean; exchangeStatus?: number; farcaster?: boolean } = {}) {
  let session: unknown = options.signedInAlready ? { user, expires: '' } : {};
  const calls = mockFetch({
    'GET /api/session': () => ({ body: session }),
    'GET /api/platform': {
      body: {
        publicToken: PUBLIC_TOKEN,
        devMode: true,
        version: '0.1.0',
        widget: { config: { products: ['otp'], otpOptions: { methods: ['email'], expirationMinutes: 5 } }, styles: {} },
        farcaster: options.farcaster ?? false,
      },
    },
    [`GET /sdk/v1/projects/bootstrap/${PUBLIC_TOKEN}`]: { body: { data: {} } },
    'POST /sdk/v1/events': { body: { data: { accepted: 1 } } },
    'POST /sdk/v1/otps/email/login_or_create': { body: { data: { method_id: 'email-1', email_id: 'email-1', user_id: 'u1', status_code: 200 } } },
    'POST /sdk/v1/otps/authenticate': { body: { data: signedIn } },
    'POST /api/session/authenticate': () => {
      if (options.exchangeStatus)
        return { status: options.exchangeStatus, body: { status_code: 401, error_type: 'invalid_session_token', error_message: 'No' } };
      session = { user, expires: '' };
      return { body: { ok: true, status: 200, error: null, callbackUrl: '/' } };
    },
  });
  const rendered = renderWithProviders(<SignInPage />, {
    path: options.path ?? '/signin?callbackUrl=%2Fconsole%2Fprojects',
    routes: [{ path: '/console/projects', element: <p>the console</p> }],
  });
  return { calls, ...rendered };
}

async function signInWithPasscode() {
  fireEvent.change(await screen.findByLabelText('Email', {}, { timeout: 5_000 }), { target: { value: EMAIL } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  fireEvent.input(await screen.findByLabelText('One-time passcode'), { target: { value: '123456' } });
}

describe('/signin', { timeout: 20_000 }, () => {
  it("mounts the platform project's widget; its session becomes the console cookie, then the callback opens", async () => {
    const { calls, router } = setup();
    await signInWithPasscode();
    expect(await screen.findByText('the console', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/console/projects');
    const exchange = calls.find((call) => call.key === 'POST /api/session/authenticate');
    expect(jsonBody(exchange?.init)).toEqual({ session_token: 'widget-session-token' });
    // The widget asked for a console-length session (a week), not its own 30-minute default.
    const authenticate = calls.find((call) => call.key === 'POST /sdk/v1/otps/authenticate');
    expect(jsonBody(authenticate?.init)).toMatchObject({ session_duration_minutes: 7 * 24 * 60 });
  });

  it("shows 'Error signing in' when the exchange fails, and stays", async () => {
    setup({ exchangeStatus: 401 });
    await signInWithPasscode();
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent('Error signing in');
    expect(screen.queryByText('the console')).not.toBeInTheDocument();
  });

  it("shows 'Error signing in' above the widget after a failed redirect (?error=…)", async () => {
    setup({ path: '/signin?error=signin&callbackUrl=%2Fconsole%2Fprojects' });
    expect(await screen.findByLabelText('Email', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Error signing in');
  });

  it('goes straight to the callback when already signed in, without loading the widget', async () => {
    const { calls } = setup({ signedInAlready: true });
    expect(await screen.findByText('the console')).toBeInTheDocument();
    expect(document.querySelector('.ks-widget')).toBeNull();
    expect(calls.some((call) => call.key === 'GET /api/platform')).toBe(false);
  });

  it('offers Farcaster under the widget when the platform enables it, and links the dev mailbox in dev mode', async () => {
    setup({ farcaster: true });
    expect(await screen.findByRole('button', { name: 'Sign in with Farcaster' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the dev mailbox (opens in a new tab)' })).toHaveAttribute('href', '/dev/mailbox');
  });
});
