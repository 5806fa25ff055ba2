// The otp product's Text and WhatsApp tabs (spec §2, §5, §7) and OTP Authenticate for a phone, through mountLogin:
// the tabs rule, the country selector, the parser's verdicts, the channel's send and resend, and the code entry
// details not covered by widget.test.ts (more than 6 digits, the spinner while checking); and the widget's resolved
// locale in the body of every passcode send on the wire (spec §5 locale, §7 otps login_or_create), Resend included.
import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUIClient, Products, type OTPMethod } from '../../index.ts';
import { clearPage, pageElement, publicToken, sent, stubNetwork, uiClient } from '../../testing.ts';
import { otpUI } from './index.ts';
import { otpPhoneUI } from './phone.ts';

const config = (methods: OTPMethod[]) => ({ products: [Products.otp], otpOptions: { methods, expirationMinutes: 5 } });

// The parser is a dynamic import; loaded once here, so the widget's 2 s submit time-out never decides a test.
beforeAll(async () => {
  await import('libphonenumber-js/max');
});

afterEach(() => {
  clearPage();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function phoneClient(methods: OTPMethod[]) {
  const setup = uiClient();
  const sms = vi.spyOn(setup.client.otps.sms, 'loginOrCreate').mockResolvedValue(sent('phone-sms-1'));
  const whatsapp = vi.spyOn(setup.client.otps.whatsapp, 'loginOrCreate').mockResolvedValue(sent('phone-whatsapp-1'));
  pageElement();
  setup.client.mountLogin({ elementId: '#login', config: config(methods) });
  return { ...setup, sms, whatsapp };
}

describe('Text and WhatsApp tabs (spec §2)', () => {
  it('shows the tabs Email, Text and WhatsApp in the order of otpOptions.methods', () => {
    phoneClient(['email', 'sms', 'whatsapp']);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Email', 'Text', 'WhatsApp']);
    clearPage();
    phoneClient(['whatsapp', 'email']);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['WhatsApp', 'Email']);
    expect(screen.getByLabelText('Phone number')).toBeTruthy();
  });

  it('lean otpUI carries the Email tab only; otpPhoneUI adds Text and WhatsApp', () => {
    stubNetwork();
    pageElement();
    createUIClient(publicToken(), { products: [otpUI], telemetry: false }).mountLogin({ elementId: '#login', config: config(['email', 'sms']) });
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByLabelText('Email')).toBeTruthy();
    clearPage();
    pageElement();
    createUIClient(publicToken(), { products: [otpPhoneUI], telemetry: false }).mountLogin({ elementId: '#login', config: config(['email', 'sms']) });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Email', 'Text']);
  });

  it('shows no tabs with SMS alone: the country selector (US by default) and a 47 px phone input', () => {
    phoneClient(['sms']);
    expect(screen.queryByRole('tablist')).toBeNull();
    const country = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Country' });
    expect(country.value).toBe('US');
    expect(country.selectedOptions[0]!.textContent).toBe('United States (+1)');
    expect([...country.options].some((option) => option.textContent === 'United Kingdom (+44)')).toBe(true);
    expect(country.parentElement!.textContent).toContain('US +1');
    const input = screen.getByLabelText<HTMLInputElement>('Phone number');
    expect(input.type).toBe('tel');
    expect(input.className).toContain('ks-input');
    expect(document.getElementById('keepsake-auth-ui-styles')?.textContent).toMatch(/\.ks-input\{[^}]*height:47px/);
  });
});

describe('phone number (spec §5)', () => {
  it('rejects an invalid number with the §5 message and sends nothing', async () => {
    const { sms } = phoneClient(['sms']);
    fireEvent.input(screen.getByLabelText('Phone number'), { target: { value: '555' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid phone number, please try again.');
    expect(screen.getByLabelText('Phone number').getAttribute('aria-invalid')).toBe('true');
    expect(sms).not.toHaveBeenCalled();
  });

  it("clears one tab's error when another tab is chosen", async () => {
    phoneClient(['sms', 'whatsapp']);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('alert');
    fireEvent.click(screen.getByRole('tab', { name: 'WhatsApp' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('an empty number is invalid too (inputs are required)', async () => {
    const { sms } = phoneClient(['sms']);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid phone number, please try again.');
    expect(sms).not.toHaveBeenCalled();
  });

  it('reads the number in the chosen country and texts the passcode to it in E.164', async () => {
    const { sms, whatsapp } = phoneClient(['email', 'sms', 'whatsapp']);
    fireEvent.click(screen.getByRole('tab', { name: 'Text' }));
    await screen.findByLabelText('Phone number');
    fireEvent.change(screen.getByRole('combobox', { name: 'Country' }), { target: { value: 'GB' } });
    fireEvent.input(screen.getByLabelText('Phone number'), { target: { value: '020 7946 0958' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Enter passcode' });
    expect(sms).toHaveBeenCalledWith('+442079460958', { expiration_minutes: 5, locale: 'en-US' });
    expect(whatsapp).not.toHaveBeenCalled();
    // A phone number is shown whole (the 20-character truncation is for email addresses).
    expect(screen.getByText('A 6-digit passcode was sent to you at +442079460958.')).toBeTruthy();
  });

  it('reads a number without country code in the US by default, over WhatsApp', async () => {
    const { whatsapp } = phoneClient(['whatsapp']);
    fireEvent.input(screen.getByLabelText('Phone number'), { target: { value: '(415) 555-0123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Enter passcode' });
    expect(whatsapp).toHaveBeenCalledWith('+14155550123', { expiration_minutes: 5, locale: 'en-US' });
  });

  it('shows a failed send with the server message and hands it to onError', async () => {
    const setup = uiClient();
    vi.spyOn(setup.client.otps.sms, 'loginOrCreate').mockRejectedValue(
      Object.assign(new Error('x'), { error_type: 'sms_disabled', error_message: 'SMS passcodes are not enabled for this project.' }),
    );
    const onError = vi.fn();
    pageElement();
    setup.client.mountLogin({ elementId: '#login', config: config(['sms']), callbacks: { onError } });
    fireEvent.input(screen.getByLabelText('Phone number'), { target: { value: '+1 415 555 0123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('SMS passcodes are not enabled for this project.');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
  });
});

describe('OTP Authenticate for a phone', () => {
  async function reachPhoneOtp() {
    const setup = phoneClient(['email', 'sms']);
    fireEvent.click(screen.getByRole('tab', { name: 'Text' }));
    await screen.findByLabelText('Phone number');
    fireEvent.input(screen.getByLabelText('Phone number'), { target: { value: '4155550123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Enter passcode' });
    return setup;
  }

  it('authenticates with the SMS method id, showing a spinner while the code is checked', async () => {
    const { authenticate } = await reachPhoneOtp();
    let answer!: (value: unknown) => void;
    authenticate.mockReturnValue(new Promise((resolve) => (answer = resolve)) as never);
    const input = screen.getByLabelText<HTMLInputElement>('One-time passcode');
    fireEvent.input(input, { target: { value: '12345678' } }); // a paste longer than 6: the first 6 digits
    expect(input.value).toBe('123456');
    expect(authenticate).toHaveBeenCalledWith('123456', 'phone-sms-1', { session_duration_minutes: 30 });
    expect(await screen.findByRole('status', { name: 'Submitting' })).toBeTruthy();
    expect(input.disabled).toBe(true);
    answer({ status_code: 200, session_token: 't' });
    await screen.findByRole('heading', { name: 'Success' });
  });

  it('resends by SMS to the same number with a "Code resent" toast, and the new method id is the one checked', async () => {
    const { sms, authenticate } = await reachPhoneOtp();
    sms.mockResolvedValue(sent('phone-sms-2'));
    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Code resent')).toBeTruthy();
    expect(sms).toHaveBeenLastCalledWith('+14155550123', { expiration_minutes: 5, locale: 'en-US' });
    authenticate.mockResolvedValue({ status_code: 200 } as never);
    fireEvent.input(screen.getByLabelText('One-time passcode'), { target: { value: '654321' } });
    expect(authenticate).toHaveBeenCalledWith('654321', 'phone-sms-2', { session_duration_minutes: 30 });
  });

  it('goes back to Main on the Text tab with the number kept', async () => {
    await reachPhoneOtp();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { name: 'Sign up or log in' });
    expect(screen.getByRole('tab', { name: 'Text' }).getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Phone number').value).toBe('+14155550123'));
  });
});

/** A UI client in `locale` whose fetch answers every passcode send; returns the bodies of those sends. */
function mountIn(locale: string | undefined, methods: OTPMethod[]) {
  const sends: Array<{ path: string; body: Record<string, unknown> }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.pathname.includes('/otps/')) sends.push({ path: url.pathname, body: JSON.parse(init?.body as string) as Record<string, unknown> });
      return new Response(JSON.stringify({ data: sent() }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  const client = createUIClient(publicToken(), { endpoint: 'http://localhost:9999', telemetry: false, products: [otpPhoneUI], locale });
  pageElement();
  client.mountLogin({ elementId: '#login', config: { products: [Products.otp], otpOptions: { methods, expirationMinutes: 5 } } });
  return sends;
}

describe('passcode sends carry the widget locale', () => {
  it('sends the email passcode, and its resend, with the resolved locale (fr-fr → fr-FR)', async () => {
    const sends = mountIn('fr-fr', ['email']);
    fireEvent.input(await screen.findByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Enter passcode' });
    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    await screen.findByText('Code resent');
    expect(sends).toEqual([
      { path: '/sdk/v1/otps/email/login_or_create', body: { email: 'ada@example.com', expiration_minutes: 5, locale: 'fr-FR' } },
      { path: '/sdk/v1/otps/email/login_or_create', body: { email: 'ada@example.com', expiration_minutes: 5, locale: 'fr-FR' } },
    ]);
  });

  it('sends an SMS passcode with the page locale when no option is given (<html lang="DE-de"> → de-DE)', async () => {
    document.documentElement.lang = 'DE-de';
    try {
      const sends = mountIn(undefined, ['sms']);
      fireEvent.input(await screen.findByLabelText('Phone number'), { target: { value: '+1 415 555 0123' } });
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
      await screen.findByRole('heading', { name: 'Enter passcode' });
      expect(sends).toEqual([{ path: '/sdk/v1/otps/sms/login_or_create', body: { phone_number: '+14155550123', expiration_minutes: 5, locale: 'de-DE' } }]);
    } finally {
      document.documentElement.lang = '';
    }
  });

  it('sends a WhatsApp passcode with the locale option', async () => {
    const sends = mountIn('ja-JP', ['whatsapp']);
    fireEvent.input(await screen.findByLabelText('Phone number'), { target: { value: '+1 415 555 0123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Enter passcode' });
    expect(sends).toEqual([{ path: '/sdk/v1/otps/whatsapp/login_or_create', body: { phone_number: '+14155550123', expiration_minutes: 5, locale: 'ja-JP' } }]);
  });
});
