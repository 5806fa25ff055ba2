// Spec §5: when the phone parser does not load within the submit time-out (2 s), '+{country code}{digits}' is
// accepted as typed. Here the parser's import never settles (its module is replaced by a pending promise).
import { fireEvent, screen } from '@testing-library/dom';
import { afterEach, expect, it, vi } from 'vitest';
import { Products } from '../../index.ts';
import { clearPage, pageElement, sent, uiClient } from '../../testing.ts';

vi.mock('libphonenumber-js/max', () => new Promise(() => {}));

afterEach(() => {
  clearPage();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

it('accepts +{country code}{digits} of the chosen country after the 2 s time-out', async () => {
  const setup = uiClient();
  const sms = vi.spyOn(setup.client.otps.sms, 'loginOrCreate').mockResolvedValue(sent('phone-sms-1'));
  pageElement();
  setup.client.mountLogin({ elementId: '#login', config: { products: [Products.otp], otpOptions: { methods: ['sms'], expirationMinutes: 5 } } });
  fireEvent.change(screen.getByRole('combobox', { name: 'Country' }), { target: { value: 'FR' } });
  fireEvent.input(screen.getByLabelText('Phone number'), { target: { value: '06 12 34 56 78' } });
  const started = Date.now();
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByRole('button', { name: 'Submitting' })).toBeTruthy();
  await screen.findByRole('heading', { name: 'Enter passcode' }, { timeout: 5_000 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
  expect(sms).toHaveBeenCalledWith('+330612345678', { expiration_minutes: 5, locale: 'en-US' });
}, 10_000);
