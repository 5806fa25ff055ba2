// The passwords product through mountLogin (spec §4 "Password flow", §5, §9): the Email tab's user search, Password
// Create Or Login with the debounced strength check (zxcvbn bar, luds lines, breached and invalid_email messages,
// Continue disabled until valid), login, the reset_password answers (Dedupe, Breached), Forgot, a passwordless
// user (Set New), 'Email me a login link', and Password Confirmation with its events.
import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONFIG_ERRORS, Products, StytchEventType, type StytchEvent } from '../../index.ts';
import { RESET_PASSWORD_EMAILED_MESSAGE, RESET_PASSWORD_NOT_EMAILED_MESSAGE } from '@keepsake/wire/sdk/password-reset';
import { clearPage, pageElement } from '../../testing.ts';
import { apiError, passwordClient, resetSent, signedIn, strength, userType } from './test-setup.ts';

const config = { products: [Products.passwords] };

afterEach(() => {
  clearPage();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function mountPasswords(mountConfig: object = config) {
  const setup = passwordClient();
  const events: StytchEvent[] = [];
  const onError = vi.fn();
  pageElement();
  setup.client.mountLogin({ elementId: '#login', config: mountConfig as typeof config, callbacks: { onEvent: (event) => events.push(event), onError } });
  return { ...setup, events, onError };
}

async function reach(type: 'new' | 'password' | 'passwordless', mountConfig: object = config, email = 'ada.lovelace.long@example.com') {
  const setup = mountPasswords(mountConfig);
  setup.search.mockResolvedValue(userType(type));
  setup.resetStart.mockResolvedValue(resetSent);
  fireEvent.input(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(setup.search).toHaveBeenCalledWith(email));
  return setup;
}

const continueButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Continue' });
const typePassword = (value: string) => fireEvent.input(screen.getByLabelText('Password'), { target: { value } });
/** Types a login password and waits for Continue to be enabled for it. */
async function typeLoginPassword(value: string) {
  typePassword(value);
  await waitFor(() => expect(continueButton().disabled).toBe(false));
}

describe('the Email tab with passwords on', () => {
  it('takes the email tab from magic links (spec §5) and refuses a bad address with "Invalid email address"', async () => {
    const { search, sendLink } = mountPasswords({ products: [Products.emailMagicLinks, Products.passwords] });
    expect(screen.getAllByLabelText('Email')).toHaveLength(1);
    expect(screen.queryByRole('tablist')).toBeNull();
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.click(continueButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email address');
    expect(search).not.toHaveBeenCalled();
    expect(sendLink).not.toHaveBeenCalled();
  });

  it('still shows "Cannot use both EML and Email OTP" when passwords is on as well', () => {
    mountPasswords({ products: [Products.emailMagicLinks, Products.otp, Products.passwords], otpOptions: { methods: ['email'], expirationMinutes: 5 } });
    expect(screen.getByRole('alert').textContent).toBe(CONFIG_ERRORS.emlAndEmailOtp);
  });
});

describe('Password Create Or Login: a new user', () => {
  it('checks the strength once typing pauses, draws the 4-segment bar with feedback, and enables Continue only when valid', async () => {
    const { strengthCheck } = await reach('new');
    expect(await screen.findByRole('heading', { name: 'Create an account' })).toBeTruthy();
    expect(screen.getByText('ada.lovelace.long@ex…')).toBeTruthy();
    strengthCheck.mockResolvedValueOnce(strength({ score: 1 }));
    typePassword('p');
    typePassword('pa');
    typePassword('pas');
    // zxcvbn's warning is a §8 warning box (a polite status); its suggestions are plain text.
    const warning = await screen.findByText('This is a very common password.');
    expect([warning.getAttribute('role'), warning.className]).toEqual(['status', 'ks-message ks-message-warning']);
    expect(screen.getByText('Add another word or two.').getAttribute('role')).toBeNull();
    expect(strengthCheck).toHaveBeenCalledTimes(1);
    expect(strengthCheck).toHaveBeenCalledWith({ password: 'pas', email: 'ada.lovelace.long@example.com' });
    expect(document.querySelectorAll('.ks-segment')).toHaveLength(4);
    expect(document.querySelectorAll('.ks-segment-on')).toHaveLength(1);
    expect(screen.getByText('Password strength: 1 of 4')).toBeTruthy();
    expect(continueButton().disabled).toBe(true);

    strengthCheck.mockResolvedValueOnce(strength({ score: 4, valid_password: true }));
    typePassword('correct horse battery staple');
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    expect(document.querySelectorAll('.ks-segment-on')).toHaveLength(4);
    expect(screen.queryByText('This is a very common password.')).toBeNull();
    // A change after a valid check disables Continue again until the new password is checked.
    strengthCheck.mockReturnValueOnce(new Promise(() => undefined));
    typePassword('correct horse battery stapl');
    await waitFor(() => expect(continueButton().disabled).toBe(true));
  });

  it('creates the account with the session length and shows Password Confirmation, firing its events once', async () => {
    const { strengthCheck, create, events } = await reach('new', { ...config, sessionOptions: { sessionDurationMinutes: 60 } });
    strengthCheck.mockResolvedValue(strength({ score: 4, valid_password: true }));
    create.mockResolvedValue(signedIn);
    typePassword('correct horse battery staple');
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    fireEvent.click(continueButton());
    expect(await screen.findByRole('heading', { name: 'Success' })).toBeTruthy();
    expect(screen.getByText('You are now logged in.')).toBeTruthy();
    expect(create).toHaveBeenCalledWith({ email: 'ada.lovelace.long@example.com', password: 'correct horse battery staple', session_duration_minutes: 60 });
    await waitFor(() => expect(events.map((event) => event.type)).toEqual([StytchEventType.PasswordCreate, StytchEventType.AuthenticateFlowComplete]));
  });

  it('shows the luds lines (spec §9) with the bootstrap counts, ticking each requirement that is met', async () => {
    const { strengthCheck, client } = await reach('new');
    vi.spyOn(client.headless, 'bootstrap').mockResolvedValue({ password_config: { luds_minimum_count: 10, luds_complexity: 4 } } as never);
    strengthCheck.mockResolvedValueOnce(strength({ strength_policy: 'luds', luds: { missing_characters: 0, missing_complexity: 2 } }));
    typePassword('abcdefghijkl');
    const length = await screen.findByText('Must be at least 10 characters long', { exact: false });
    const complexity = screen.getByText('Must contain 4 of the following: uppercase letter, lowercase letter, number, symbol', { exact: false });
    expect(length.className).toBe('ks-met');
    expect(complexity.className).toBe('ks-unmet');
    expect(document.querySelector('.ks-strength')).toBeNull();
    expect(continueButton().disabled).toBe(true);
  });

  it('shows the breached message word for word as an error for a breached password, and an invalid_email error from the check', async () => {
    const { strengthCheck } = await reach('new');
    strengthCheck.mockResolvedValueOnce(strength({ breached_password: true, score: 4 }));
    typePassword('password123');
    const breached = await screen.findByText(
      'This password may have been used on a different site that experienced a security issue. Please choose another password.',
    );
    expect([breached.getAttribute('role'), breached.className]).toEqual(['alert', 'ks-message ks-message-error']);
    expect(continueButton().disabled).toBe(true);
    strengthCheck.mockRejectedValueOnce(apiError('invalid_email', 'email must be a valid email address'));
    typePassword('password1234');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('email must be a valid email address'));
  });

  const withUrl = { ...config, passwordOptions: { resetPasswordRedirectURL: 'https://app.example.com/reset', resetPasswordExpirationMinutes: 20 } };
  it.each([
    { when: 'the server emailed a link', mountConfig: config, answer: RESET_PASSWORD_EMAILED_MESSAGE, asks: undefined },
    {
      when: 'the server emailed none',
      mountConfig: config,
      answer: RESET_PASSWORD_NOT_EMAILED_MESSAGE,
      asks: { email: 'ada.lovelace.long@example.com', locale: 'en-US' },
    },
    {
      when: 'the widget has its own reset URL',
      mountConfig: withUrl,
      answer: RESET_PASSWORD_EMAILED_MESSAGE,
      asks: {
        email: 'ada.lovelace.long@example.com',
        reset_password_redirect_url: 'https://app.example.com/reset',
        reset_password_expiration_minutes: 20,
        locale: 'en-US',
      },
    },
  ])('goes to Password Dedupe when the address already has an account (reset_password): $when', async ({ mountConfig, answer, asks }) => {
    const { strengthCheck, create, resetStart, onError } = await reach('new', mountConfig);
    strengthCheck.mockResolvedValue(strength({ score: 4, valid_password: true }));
    create.mockRejectedValue(apiError('reset_password', answer));
    typePassword('correct horse battery staple');
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    fireEvent.click(continueButton());
    expect(
      await screen.findByText('An account with ada.lovelace.long@ex… already exists. To keep it secure, we sent you a link to set a password.'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(onError).not.toHaveBeenCalled();
    if (asks) expect(resetStart).toHaveBeenCalledWith(asks);
    else expect(resetStart).not.toHaveBeenCalled();
  });

  it('does not claim a link was sent when neither the server nor the widget could send one: it shows the refusal', async () => {
    const { strengthCheck, create, resetStart, onError } = await reach('new');
    strengthCheck.mockResolvedValue(strength({ score: 4, valid_password: true }));
    create.mockRejectedValue(apiError('reset_password', RESET_PASSWORD_NOT_EMAILED_MESSAGE));
    const refusal = 'No reset password redirect URL was given and the project has no default one. Set one in the project’s sign-in settings.';
    resetStart.mockRejectedValue(apiError('invalid_redirect_url', refusal));
    typePassword('correct horse battery staple');
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    fireEvent.click(continueButton());
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
    expect(screen.getByRole('heading', { name: 'Create an account' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Check your email' })).toBeNull();
    expect(onError).toHaveBeenCalledTimes(1);
  });
});

describe('Password Create Or Login: a user with a password', () => {
  it('logs in (no strength check) and shows Password Confirmation', async () => {
    const { login, strengthCheck, events } = await reach('password');
    login.mockResolvedValue(signedIn);
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(continueButton().disabled).toBe(true);
    await typeLoginPassword('my secret');
    fireEvent.click(continueButton());
    expect(await screen.findByRole('heading', { name: 'Success' })).toBeTruthy();
    expect(login).toHaveBeenCalledWith({ email: 'ada.lovelace.long@example.com', password: 'my secret', session_duration_minutes: 30 });
    expect(strengthCheck).not.toHaveBeenCalled();
    expect(events[0]?.type).toBe(StytchEventType.PasswordAuthenticate);
  });

  it('shows a wrong password’s message inline and lets the user try again', async () => {
    const { login, onError } = await reach('password');
    login.mockRejectedValueOnce(apiError('unauthorized_credentials', 'The email or password is incorrect.'));
    await screen.findByRole('heading', { name: 'Log in' });
    await typeLoginPassword('wrong');
    fireEvent.click(continueButton());
    expect((await screen.findByRole('alert')).textContent).toBe('The email or password is incorrect.');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('Password').getAttribute('aria-describedby')).toBe('ks-password-error');
    expect(continueButton().disabled).toBe(false);
  });

  it('goes to Password Breached with the §9 message when the server answers reset_password', async () => {
    const { login, resetStart } = await reach('password');
    login.mockRejectedValue(apiError('reset_password', RESET_PASSWORD_NOT_EMAILED_MESSAGE));
    await screen.findByRole('heading', { name: 'Log in' });
    await typeLoginPassword('password');
    fireEvent.click(continueButton());
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    const breached = screen.getByText(
      'This password may have been used on a different site that experienced a security issue. Please choose another password.',
    );
    expect([breached.getAttribute('role'), breached.className]).toEqual(['status', 'ks-message ks-message-warning']);
    expect(screen.getByText('A link to reset your password was sent to you at ada.lovelace.long@ex….')).toBeTruthy();
    // The server emailed nothing (no default reset URL), so the widget asked for the link it says was sent.
    expect(resetStart).toHaveBeenCalledWith({ email: 'ada.lovelace.long@example.com', locale: 'en-US' });
  });

  it('Forgot password? emails a reset link with the config options, then Password Forgot; Resend toasts "Email resent"; back returns to Main', async () => {
    const passwordOptions = { loginRedirectURL: 'https://app.example.com/login', resetPasswordRedirectURL: 'https://app.example.com/reset' };
    const { resetStart, events } = await reach('password', { ...config, passwordOptions });
    fireEvent.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(screen.getByText('A link to reset your password was sent to you at ada.lovelace.long@ex….')).toBeTruthy();
    expect(resetStart).toHaveBeenCalledWith({
      email: 'ada.lovelace.long@example.com',
      login_redirect_url: 'https://app.example.com/login',
      reset_password_redirect_url: 'https://app.example.com/reset',
      locale: 'en-US',
    });
    expect(screen.getByRole('link', { name: 'Open Gmail' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText('Email resent')).toBeTruthy();
    expect(resetStart).toHaveBeenCalledTimes(2);
    expect(events.map((event) => event.type)).toEqual([StytchEventType.PasswordResetByEmailStart, StytchEventType.PasswordResetByEmailStart]);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { name: 'Sign up or log in' });
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('ada.lovelace.long@example.com');
  });
});

describe('other password paths', () => {
  it('a passwordless user is emailed a link to set a password: Password Set New', async () => {
    const { resetStart } = await reach('passwordless');
    expect(await screen.findByRole('heading', { name: 'Check your email to set a password' })).toBeTruthy();
    expect(screen.getByText('Your account has no password yet. A link to set one was sent to you at ada.lovelace.long@ex….')).toBeTruthy();
    expect(resetStart).toHaveBeenCalledTimes(1);
  });

  it('with magic links on as well, "Email me a login link" sends one and shows Email Confirmation', async () => {
    const { sendLink } = await reach('password', { products: [Products.emailMagicLinks, Products.passwords] });
    sendLink.mockResolvedValue({ status_code: 200, request_id: 'r', user_id: 'u', email_id: 'e', user_created: false });
    fireEvent.click(await screen.findByRole('button', { name: 'Email me a login link' }));
    expect(await screen.findByText('An email was sent to ada.lovelace.long@ex….')).toBeTruthy();
    expect(sendLink).toHaveBeenCalledWith('ada.lovelace.long@example.com', { locale: 'en-US' });
  });

  it("sends the reset start with the widget's resolved locale on the wire (the reset email's language)", async () => {
    const { resetStart } = await reach('password');
    resetStart.mockRestore(); // through auth-js to the network stand-in
    fireEvent.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([url]) => (url as string).endsWith('/passwords/email/reset/start'))).toBe(true));
    const [, init] = vi.mocked(fetch).mock.calls.find(([url]) => (url as string).endsWith('/passwords/email/reset/start'))!;
    expect(JSON.parse(init!.body as string)).toEqual({ email: 'ada.lovelace.long@example.com', locale: 'en-US' });
  });

  it('offers no login link without magic links', async () => {
    await reach('password');
    await screen.findByRole('heading', { name: 'Log in' });
    expect(screen.queryByRole('button', { name: 'Email me a login link' })).toBeNull();
  });

  it('shows a failed user search under the email field', async () => {
    const setup = mountPasswords();
    setup.search.mockRejectedValue(apiError('too_many_requests', 'Too many requests, try again later.'));
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(continueButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests, try again later.');
  });
});
