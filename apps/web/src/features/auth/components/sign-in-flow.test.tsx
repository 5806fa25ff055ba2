import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestProviders, jsonBody, mockFetch } from '../../../testing/render';
import { SignInFlow } from './sign-in-flow';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const EMAIL = 'ada.lovelace@analytical-engine.org';
const PUBLIC_TOKEN = 'public-token-test-abc';

/** What /sdk/v1/otps/authenticate answers for the right code: a session and its user. */
const signedIn = {
  status_code: 200,
  user_id: 'u1',
  session_token: 'tok',
  session_jwt: 'jwt',
  session: { session_id: 's1', user_id: 'u1', last_accessed_at: '2026-11-22T10:00:00Z', expires_at: new Date(Date.now() + 3_600_000).toISOString() },
  user: { user_id: 'u1', emails: [{ email_id: 'email-1', email: EMAIL, verified: true }] },
  intermediate_session_token: '',
  mfa_required: false,
};

function setup(
  otpStatus = 200,
  product: { hasProject: boolean; templateId: string } = { hasProject: false, templateId: 'signup_otp' },
  options: { signInMethods?: string[]; failed?: boolean } = {},
) {
  const calls = mockFetch({
    'GET /api/platform': { body: { publicToken: PUBLIC_TOKEN, devMode: true, version: '0.1.0', signInMethods: options.signInMethods ?? ['email'] } },
    'POST /api/sdk/auth/user/get-or-create': { body: product },
    // The auth SDK reads the project's bootstrap config and sends telemetry besides the sign-in calls.
    [`GET /sdk/v1/projects/bootstrap/${PUBLIC_TOKEN}`]: { body: { data: { vertical: 'CONSUMER' } } },
    'POST /sdk/v1/events': { body: { data: { accepted: 1 } } },
    'POST /sdk/v1/otps/email/login_or_create': { body: { data: { method_id: 'email-1', email_id: 'email-1', user_id: 'u1', status_code: 200 } } },
    'POST /sdk/v1/otps/authenticate': (init) =>
      (jsonBody(init) as { token: string }).token === '123456' && otpStatus === 200
        ? { body: { data: signedIn } }
        : {
            status: otpStatus === 200 ? 401 : otpStatus,
            body: {
              status_code: otpStatus === 200 ? 401 : otpStatus,
              error_type: otpStatus === 200 ? 'otp_code_not_found' : 'too_many_requests',
              error_message: otpStatus === 200 ? 'The code is wrong' : 'Too many attempts, wait a bit.',
            },
          },
    'POST /api/session/authenticate': { body: { ok: true, status: 200, error: null } },
  });
  const onSignedIn = vi.fn(async () => true);
  render(
    <TestProviders>
      <SignInFlow onSignedIn={onSignedIn} callbackUrl="/user" failed={options.failed ?? false} />
    </TestProviders>,
  );
  return { calls, onSignedIn };
}

async function submitEmail(email: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('SignInFlow', () => {
  it('rejects an invalid email without calling the server', async () => {
    const { calls } = setup();
    await submitEmail('ada@example');
    expect(await screen.findByText('Invalid email, please try again.')).toBeInTheDocument();
    expect(calls.filter((call) => call.key !== 'GET /api/platform')).toHaveLength(0);
  });

  it('offers exactly the methods the platform project enables, with passkey autofill on the email input', async () => {
    setup(200, undefined, { signInMethods: ['email', 'phone', 'passkey', 'google', 'evm'] });
    expect(await screen.findByRole('button', { name: 'Sign in with a passkey' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with an Ethereum wallet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue with Discord' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue with a Solana wallet' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'username webauthn');
    fireEvent.click(screen.getByRole('button', { name: 'Use a phone number instead' }));
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('type', 'tel');
    fireEvent.click(screen.getByRole('button', { name: 'Use an email address instead' }));
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
  });

  it("shows 'Error signing in' when the server sent the browser back after a failure, and when a wallet is missing", async () => {
    setup(200, undefined, { failed: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error signing in');
    cleanup();
    setup(200, undefined, { signInMethods: ['email', 'solana'] });
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with a Solana wallet' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error signing in');
  });

  it('sends a passcode through the auth SDK (Basic auth with the public token) and shows the passcode screen', async () => {
    const { calls } = setup();
    await submitEmail(EMAIL);
    expect(await screen.findByRole('heading', { name: 'Enter passcode' })).toBeInTheDocument();
    expect(screen.getByText('A 6-digit passcode was sent to you at ada.lovelace@analyti…')).toBeInTheDocument();
    expect(screen.getByText('Your code expires in 10:00.')).toBeInTheDocument();
    // Dev mode (GET /api/platform): the code screen says where the email went.
    expect(await screen.findByRole('link', { name: 'Open the dev mailbox (opens in a new tab)' })).toHaveAttribute('href', '/dev/mailbox');

    const send = calls.find((call) => call.key === 'POST /sdk/v1/otps/email/login_or_create');
    expect((send?.init?.headers as Record<string, string>).Authorization).toBe(`Basic ${btoa(`${PUBLIC_TOKEN}:${PUBLIC_TOKEN}`)}`);
    expect((send?.init?.headers as Record<string, string>)['X-SDK-Client']).toMatch(/^[A-Za-z0-9+/=]+$/);
    expect(jsonBody(send?.init)).toEqual({ email: EMAIL, expiration_minutes: 10, login_template_id: 'signup_otp', signup_template_id: 'signup_otp' });
  });

  it('sends the email template the product picked (its templateId) as both OTP template ids', async () => {
    const { calls } = setup(200, { hasProject: true, templateId: 'signin_otp' });
    await submitEmail(EMAIL);
    expect(await screen.findByRole('heading', { name: 'Enter passcode' })).toBeInTheDocument();
    const send = calls.find((call) => call.key === 'POST /sdk/v1/otps/email/login_or_create');
    expect(jsonBody(send?.init)).toMatchObject({ login_template_id: 'signin_otp', signup_template_id: 'signin_otp' });
  });

  it('shows the spec message for a wrong code', async () => {
    setup();
    await submitEmail(EMAIL);
    fireEvent.change(await screen.findByLabelText('Passcode'), { target: { value: '000000' } });
    expect(await screen.findByText('Invalid passcode, please try again.')).toBeInTheDocument();
    expect(screen.getByLabelText('Passcode')).toHaveValue('');
  });

  it('shows the server message for other failures', async () => {
    setup(429);
    await submitEmail(EMAIL);
    fireEvent.change(await screen.findByLabelText('Passcode'), { target: { value: '123456' } });
    expect(await screen.findByText('Too many attempts, wait a bit.')).toBeInTheDocument();
  });

  it("signs in at six digits, exchanges the SDK's session token for the product session, shows success, then hands over", async () => {
    const { calls, onSignedIn } = setup();
    await submitEmail(EMAIL);
    fireEvent.change(await screen.findByLabelText('Passcode'), { target: { value: '123456' } });
    expect(await screen.findByText('Success')).toBeInTheDocument();
    expect(screen.getByText('Your passcode has been successfully verified.')).toBeInTheDocument();
    const session = calls.find((call) => call.key === 'POST /api/session/authenticate');
    expect(jsonBody(session?.init)).toEqual({ session_token: 'tok' });
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce(), { timeout: 2000 });
  });

  it('goes back to the email step with the back arrow', async () => {
    setup();
    await submitEmail(EMAIL);
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Email')).toHaveValue(EMAIL);
  });
});
