// The widget's resolved locale goes with every passcode it sends (spec §5 locale, §7 otps login_or_create): the
// request body on the wire carries `locale`, for the Email, Text and WhatsApp tabs and for Resend.
import { fireEvent, screen } from '@testing-library/dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUIClient, Products, type OTPMethod } from '../../index.ts';
import { clearPage, pageElement, publicToken, sent } from '../../testing.ts';
import { otpPhoneUI } from './phone.ts';

beforeAll(async () => {
  await import('libphonenumber-js/max');
});

afterEach(() => {
  clearPage();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
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
