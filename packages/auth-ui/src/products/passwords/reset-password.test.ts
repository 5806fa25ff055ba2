// The reset-password mount mode (spec §2, §3, §4): mountResetPassword renders Password Reset Form with the link's
// token; a valid new password resets it and signs in (Password Confirmation); the URL's stytch_token_type=login
// authenticates the token as a magic link at once ('Logging in'); bad mounts are usage errors.
import { UsageError } from '@keepsake/auth-js/errors';
import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUIClient, Products, StytchEventType, type StytchEvent } from '../../index.ts';
import { otpUI } from '../otp/index.ts';
import { clearPage, pageElement, publicToken, stubNetwork } from '../../testing.ts';
import { apiError, passwordClient, signedIn, strength } from './test-setup.ts';

const config = { products: [Products.passwords], sessionOptions: { sessionDurationMinutes: 45 } };

afterEach(() => {
  clearPage();
  history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function mountReset(passwordResetToken: string) {
  const setup = passwordClient();
  const events: StytchEvent[] = [];
  const onError = vi.fn();
  pageElement('reset');
  setup.client.mountResetPassword({ elementId: '#reset', config, passwordResetToken, callbacks: { onEvent: (event) => events.push(event), onError } });
  return { ...setup, events, onError };
}

const continueButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Continue' });

describe('mountResetPassword', () => {
  it('sets a strong new password with the link’s token and shows Password Confirmation', async () => {
    history.replaceState(null, '', '/reset?stytch_token_type=reset_password&token=reset-token-1');
    const { strengthCheck, resetByEmail, events } = mountReset('reset-token-1');
    expect(screen.getByRole('heading', { name: 'Set a new password' })).toBeTruthy();
    expect(continueButton().disabled).toBe(true);
    strengthCheck.mockResolvedValueOnce(strength({ score: 1 }));
    fireEvent.input(screen.getByLabelText('New password'), { target: { value: 'weak' } });
    await screen.findByText('Password strength: 1 of 4');
    expect(strengthCheck).toHaveBeenCalledWith({ password: 'weak' });
    expect(continueButton().disabled).toBe(true);

    strengthCheck.mockResolvedValueOnce(strength({ score: 4, valid_password: true }));
    resetByEmail.mockResolvedValue(signedIn);
    fireEvent.input(screen.getByLabelText('New password'), { target: { value: 'a much stronger passphrase' } });
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    fireEvent.click(continueButton());
    expect(await screen.findByRole('heading', { name: 'Success' })).toBeTruthy();
    expect(resetByEmail).toHaveBeenCalledWith({ token: 'reset-token-1', password: 'a much stronger passphrase', session_duration_minutes: 45 });
    await waitFor(() => expect(events.map((event) => event.type)).toEqual([StytchEventType.PasswordResetByEmail, StytchEventType.AuthenticateFlowComplete]));
    expect(screen.queryByRole('heading', { name: 'Sign up or log in' })).toBeNull();
  });

  it('shows a failed reset’s message (an expired link) inline', async () => {
    const { strengthCheck, resetByEmail, onError } = mountReset('reset-token-2');
    strengthCheck.mockResolvedValue(strength({ score: 4, valid_password: true }));
    resetByEmail.mockRejectedValue(apiError('unable_to_auth_magic_link', 'The link has expired or was already used.'));
    fireEvent.input(screen.getByLabelText('New password'), { target: { value: 'a much stronger passphrase' } });
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    fireEvent.click(continueButton());
    expect((await screen.findByRole('alert')).textContent).toBe('The link has expired or was already used.');
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('with stytch_token_type=login authenticates the token as a magic link at once, showing "Logging in"', async () => {
    history.replaceState(null, '', '/reset?stytch_token_type=login&token=login-token-1');
    const setup = passwordClient();
    let finish: (value: never) => void = () => undefined;
    setup.authenticateLink.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    pageElement('reset');
    setup.client.mountResetPassword({ elementId: '#reset', config, passwordResetToken: 'login-token-1' });
    expect(screen.getByRole('heading', { name: 'Logging in' })).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
    await waitFor(() => expect(setup.authenticateLink).toHaveBeenCalledWith('login-token-1', { session_duration_minutes: 45 }));
    finish(signedIn as never);
    expect(await screen.findByRole('heading', { name: 'Success' })).toBeTruthy();
    expect(setup.authenticateLink).toHaveBeenCalledTimes(1);
    expect(setup.resetByEmail).not.toHaveBeenCalled();
  });

  it('shows a failed silent login’s message', async () => {
    history.replaceState(null, '', '/reset?stytch_token_type=login&token=login-token-2');
    const setup = passwordClient();
    setup.authenticateLink.mockRejectedValue(apiError('unable_to_auth_magic_link', 'The link has expired or was already used.'));
    pageElement('reset');
    setup.client.mountResetPassword({ elementId: '#reset', config, passwordResetToken: 'login-token-2' });
    expect((await screen.findByRole('alert')).textContent).toBe('The link has expired or was already used.');
  });

  it('says the link is not valid when there is no token', () => {
    mountReset('');
    expect(screen.getByRole('alert').textContent).toBe('This password reset link is not valid. Ask for a new one.');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('throws usage errors for a missing element and for a client without the passwords product', () => {
    const { client } = passwordClient();
    expect(() => client.mountResetPassword({ elementId: '#nowhere', config, passwordResetToken: 't' })).toThrow(UsageError);
    stubNetwork();
    const otpOnly = createUIClient(publicToken(), { endpoint: 'http://localhost:9999', telemetry: false, products: [otpUI] });
    pageElement('reset');
    expect(() => otpOnly.mountResetPassword({ elementId: '#reset', config, passwordResetToken: 't' })).toThrow(/no passwords product/);
  });
});
