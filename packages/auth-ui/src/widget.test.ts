// The widget through its public API (mountLogin): mounting, §5 config errors, theme, strings, the Main screen's
// rules, and the email-passcode flow Main → OTP Authenticate → Success with its events (ADR 113).
import { UsageError } from '@keepsake/auth-js/errors';
import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import { h } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONFIG_ERRORS, createUIClient, Products, StytchEventType, type StytchEvent, type UIProduct } from './index.ts';
import { otpUI } from './products/otp/index.ts';
import { clearPage, pageElement, publicToken, sent, stubNetwork, uiClient } from './testing.ts';

const emailOtp = { products: [Products.otp], otpOptions: { methods: ['email' as const], expirationMinutes: 5 } };

afterEach(() => {
  clearPage();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

async function reachOtpScreen(email = 'ada@example.com') {
  const setup = uiClient();
  setup.loginOrCreate.mockResolvedValue(sent());
  const events: StytchEvent[] = [];
  const onError = vi.fn();
  pageElement();
  setup.client.mountLogin({ elementId: '#login', config: emailOtp, callbacks: { onEvent: (event) => events.push(event), onError } });
  fireEvent.input(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { name: 'Enter passcode' });
  return { ...setup, events, onError };
}

describe('mountLogin', () => {
  it('throws a usage error when no element matches elementId', () => {
    const { client } = uiClient();
    expect(() => client.mountLogin({ elementId: '#missing', config: emailOtp })).toThrow(UsageError);
    expect(() => client.mountLogin({ elementId: '#missing', config: emailOtp })).toThrow(/No element matches elementId "#missing"/);
  });

  it('accepts a bare id as well as a selector, and updates in place when mounted again', async () => {
    const { client } = uiClient();
    const element = pageElement('bare');
    client.mountLogin({ elementId: 'bare', config: emailOtp });
    expect(within(element).getByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
    client.mountLogin({ elementId: '#bare', config: emailOtp, styles: { hideHeaderText: true } });
    await waitFor(() => expect(within(element).queryByRole('heading')).toBeNull());
    expect(element.querySelectorAll('.ks-widget')).toHaveLength(1);
  });
});

describe('configuration errors (spec §5)', () => {
  it('shows "Cannot use both EML and Email OTP" and hands it to onError', async () => {
    const { client } = uiClient();
    const onError = vi.fn();
    pageElement();
    client.mountLogin({ elementId: '#login', config: { ...emailOtp, products: [Products.emailMagicLinks, Products.otp] }, callbacks: { onError } });
    expect(screen.getByRole('alert').textContent).toBe('Error: Cannot use both EML and Email OTP');
    await waitFor(() => expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: CONFIG_ERRORS.emlAndEmailOtp })));
    expect(screen.queryByLabelText('Email')).toBeNull();
  });

  it('shows "Cannot use Passkeys by itself" when passkeys is the only product', () => {
    const { client } = uiClient();
    pageElement();
    client.mountLogin({ elementId: '#login', config: { products: [Products.passkeys] } });
    expect(screen.getByRole('alert').textContent).toBe('Error: Cannot use Passkeys by itself, please add another product to the config.');
  });

  it('allows magic links with SMS passcodes (only email passcodes clash)', () => {
    const { client } = uiClient();
    pageElement();
    client.mountLogin({
      elementId: '#login',
      config: { products: [Products.emailMagicLinks, Products.otp], otpOptions: { methods: ['sms'], expirationMinutes: 5 } },
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('theme and strings', () => {
  it('applies the §3 defaults and the given styles as custom properties, and shows the logo', () => {
    const { client } = uiClient();
    pageElement();
    client.mountLogin({
      elementId: '#login',
      config: emailOtp,
      styles: { colors: { primary: '#112233' }, logo: { logoImageUrl: 'https://example.com/logo.png' } },
    });
    const root = document.querySelector<HTMLElement>('.ks-widget')!;
    expect(root.style.getPropertyValue('--ks-container-background-color')).toBe('#FFFFFF');
    expect(root.style.getPropertyValue('--ks-container-border-color')).toBe('#ADBCC5');
    expect(root.style.getPropertyValue('--ks-container-border-radius')).toBe('8px');
    expect(root.style.getPropertyValue('--ks-container-width')).toBe('400px');
    expect(root.style.getPropertyValue('--ks-colors-primary')).toBe('#112233');
    expect(screen.getByRole('img', { name: 'Logo' }).getAttribute('src')).toBe('https://example.com/logo.png');
    expect(document.getElementById('keepsake-auth-ui-styles')?.textContent).toContain('height:47px');
  });

  it('replaces any string of the catalogue', () => {
    stubNetwork();
    const client = createUIClient(publicToken(), {
      products: [otpUI],
      telemetry: false,
      strings: { 'main.header': 'Bienvenue', 'main.continue': 'Continuer' },
    });
    pageElement();
    client.mountLogin({ elementId: '#login', config: emailOtp });
    expect(screen.getByRole('heading', { name: 'Bienvenue' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continuer' })).toBeTruthy();
  });
});

describe('Main screen rules (spec §2)', () => {
  const stub = (name: string) => () => h('p', null, name);
  const phoneForm: UIProduct = { product: Products.passwords, sdk: [], main: { kind: 'form', tabs: () => [{ method: 'sms', Component: stub('phone form') }] } };
  const oauthButtons: UIProduct = { product: Products.oauth, sdk: [], main: { kind: 'buttons', Component: stub('oauth buttons') } };

  it('shows no tabs with one method, and tabs (Email, Text) with more', async () => {
    const { client, track } = uiClient();
    pageElement();
    client.mountLogin({ elementId: '#login', config: emailOtp });
    expect(screen.queryByRole('tablist')).toBeNull();
    await waitFor(() => expect(track).toHaveBeenCalledWith('render_login_screen', { details: { products: ['otp'] } }));
    client.mountLogin({ elementId: '#login', config: { ...emailOtp } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(track.mock.calls.filter(([name]) => name === 'render_login_screen')).toHaveLength(1);

    stubNetwork();
    const two = createUIClient(publicToken(), { products: [otpUI, phoneForm], telemetry: false });
    pageElement('two');
    two.mountLogin({ elementId: '#two', config: { ...emailOtp, products: [Products.otp, Products.passwords] } });
    const tabs = within(document.getElementById('two')!).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Email', 'Text']);
    fireEvent.click(tabs[1]!);
    expect(await within(document.getElementById('two')!).findByText('phone form')).toBeTruthy();
  });

  it('lays out products in config order with an "or" divider between buttons and the form', async () => {
    stubNetwork();
    const client = createUIClient(publicToken(), { products: [otpUI, oauthButtons], telemetry: false });
    const element = pageElement();
    client.mountLogin({ elementId: '#login', config: { ...emailOtp, products: [Products.oauth, Products.otp] } });
    const order = () =>
      [...element.querySelectorAll('p, .ks-divider, button')]
        .map((node) => node.textContent)
        .filter((text) => ['oauth buttons', 'or', 'Continue'].includes(text ?? ''));
    expect(order()).toEqual(['oauth buttons', 'or', 'Continue']);
    client.mountLogin({ elementId: '#login', config: { ...emailOtp, products: [Products.otp, Products.oauth] } });
    await waitFor(() => expect(order()).toEqual(['Continue', 'or', 'oauth buttons']));
  });
});

describe('email passcode flow', () => {
  it('rejects a malformed email with the §5 message and sends nothing', async () => {
    const { client, loginOrCreate } = uiClient();
    pageElement();
    client.mountLogin({ elementId: '#login', config: emailOtp });
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'ada@example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email, please try again.');
    expect(loginOrCreate).not.toHaveBeenCalled();
  });

  it('shows a spinner on Continue while sending, then OTP Authenticate with the email truncated at 20 characters', async () => {
    const { client, loginOrCreate } = uiClient();
    let answer!: (value: unknown) => void;
    loginOrCreate.mockReturnValue(new Promise((resolve) => (answer = resolve)) as never);
    const onEvent = vi.fn();
    pageElement();
    client.mountLogin({ elementId: '#login', config: emailOtp, callbacks: { onEvent } });
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'a.very.long.address@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const busy = await screen.findByRole('button', { name: 'Submitting' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(loginOrCreate).toHaveBeenCalledWith('a.very.long.address@example.com', { expiration_minutes: 5, locale: 'en-US' });
    answer(sent());
    await screen.findByRole('heading', { name: 'Enter passcode' });
    expect(screen.getByText('A 6-digit passcode was sent to you at a.very.long.address@….')).toBeTruthy();
    expect(onEvent).toHaveBeenCalledWith({ type: StytchEventType.OTPsLoginOrCreateEvent, data: sent() });
  });

  it('keeps digits only, submits at the 6th, and shows Success firing AUTHENTICATE_FLOW_COMPLETE once', async () => {
    const { client, authenticate, events } = await reachOtpScreen();
    authenticate.mockResolvedValue({ status_code: 200, session_token: 't' } as never);
    const input = screen.getByLabelText<HTMLInputElement>('One-time passcode');
    fireEvent.input(input, { target: { value: '1a2b3' } });
    expect(input.value).toBe('123');
    expect(authenticate).not.toHaveBeenCalled();
    fireEvent.input(input, { target: { value: '123456' } });
    expect(authenticate).toHaveBeenCalledWith('123456', 'email-test-1', { session_duration_minutes: 30 });
    await screen.findByRole('heading', { name: 'Success' });
    expect(screen.getByText('Your passcode has been successfully verified.')).toBeTruthy();
    client.mountLogin({ elementId: '#login', config: emailOtp, callbacks: { onEvent: (event) => events.push(event) } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events.map((event) => event.type)).toEqual(['OTP_LOGIN_OR_CREATE', 'OTP_AUTHENTICATE', 'AUTHENTICATE_FLOW_COMPLETE']);
  });

  it('answers a wrong code with the §8 message, hands the error to onError and clears the code', async () => {
    const { authenticate, onError } = await reachOtpScreen();
    authenticate.mockRejectedValue(
      Object.assign(new Error('[404] otp_code_not_found'), { error_type: 'otp_code_not_found', error_message: 'The OTP code could not be found.' }),
    );
    const input = screen.getByLabelText<HTMLInputElement>('One-time passcode');
    fireEvent.input(input, { target: { value: '000000' } });
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid passcode, please try again.');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'The OTP code could not be found.' }));
    expect(input.value).toBe('');
  });

  it('counts down in m:ss, then says the code expired; Resend restarts the expiry with a "Code resent" toast', async () => {
    // A 3-second expiry (a fraction of a minute), watched in real time: the countdown, its end and the restart.
    const setup = uiClient();
    setup.loginOrCreate.mockResolvedValue(sent());
    pageElement();
    setup.client.mountLogin({ elementId: '#login', config: { ...emailOtp, otpOptions: { methods: ['email'], expirationMinutes: 0.05 } } });
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Your code expires in 0:03.')).toBeTruthy();
    expect(await screen.findByText('Your code expires in 0:01.', undefined, { timeout: 4_000 })).toBeTruthy();
    expect(await screen.findByText('Your code has expired.', undefined, { timeout: 4_000 })).toBeTruthy();

    setup.loginOrCreate.mockResolvedValue(sent('email-test-2'));
    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Code resent')).toBeTruthy();
    expect(screen.getByText(/^Your code expires in 0:0[23]\.$/)).toBeTruthy();
    expect(setup.loginOrCreate).toHaveBeenCalledTimes(2);
    // Spec §9: a success toast goes after 2 s.
    await waitFor(() => expect(screen.queryByText('Code resent')).toBeNull(), { timeout: 4_000 });
  }, 20_000);

  it('shows a failed resend as an error toast with the server message', async () => {
    const { loginOrCreate } = await reachOtpScreen();
    loginOrCreate.mockRejectedValue(Object.assign(new Error('x'), { error_message: 'Too many requests have been made.' }));
    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    expect((await screen.findByText('Too many requests have been made.')).className).toContain('ks-toast-error');
  });

  it('shows at most 20 toasts at once, the oldest leaving first (spec §9 toast limit)', async () => {
    const { loginOrCreate } = await reachOtpScreen();
    let failures = 0;
    loginOrCreate.mockImplementation(() => Promise.reject(Object.assign(new Error('x'), { error_message: `Refused ${++failures}` })));
    const resend = screen.getByRole('button', { name: 'Resend code' });
    for (let i = 0; i < 21; i++) fireEvent.click(resend);
    await screen.findByText('Refused 21');
    const shown = [...document.querySelectorAll('.ks-toast')].map((toast) => toast.textContent);
    expect(shown).toEqual(Array.from({ length: 20 }, (_, i) => `Refused ${i + 2}`));
  });

  it('returns to Main with the back arrow, the email still filled in', async () => {
    await reachOtpScreen();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('ada@example.com'));
  });
});

describe('Shadow DOM', () => {
  it('renders into a shadow root with its own stylesheet and nothing in the page head', () => {
    const { client } = uiClient();
    const element = pageElement();
    client.mountLogin({ elementId: '#login', config: { ...emailOtp, enableShadowDOM: true } });
    const root = element.querySelector('[data-keepsake-auth-ui="shadow-host"]')!.shadowRoot!;
    expect(root.querySelector('style')!.textContent).toContain(':host{all:initial');
    expect(root.querySelector('.ks-widget')).not.toBeNull();
    expect(document.getElementById('keepsake-auth-ui-styles')).toBeNull();
    expect(within(element).queryByLabelText('Email')).toBeNull(); // not reachable from the light DOM
    expect(within(root.querySelector<HTMLElement>('.ks-widget')!).getByLabelText('Email')).toBeTruthy();
  });
});
