// The Text and WhatsApp tabs of the Main screen (spec §2, §4 "Widget", §5): a country selector and the number,
// parsed with the country's region (default US) by auth-js's lazily loaded parser. While the user types the
// parser is loaded (10 s time-out), so that the check on submit (2 s time-out) rarely has to fall back; on a
// time-out or a failed load '+{country code}{digits}' is accepted. An invalid number is 'Invalid phone number,
// please try again.'; a valid one is sent a passcode and the widget moves to OTP Authenticate.
import { InvalidInputError } from '@keepsake/auth-js/errors';
import type { OtpsApi } from '@keepsake/auth-js/otps';
import { callingCodes, normalizePhoneNumber, PHONE_PARSE_TIMEOUT_MS } from '@keepsake/auth-js/phone';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { Button, ErrorText } from '../../components/button.tsx';
import { StytchEventType } from '../../events.ts';
import { useWidget } from '../../widget/context.ts';
import { useLocale } from '../../widget/localised.tsx';
import { sendPasscode } from './send.ts';

/** Spec §5: numbers are read in this region unless the user picks another. */
export const DEFAULT_REGION = 'US';
const ROW = { display: 'flex', gap: '8px' };
const COUNTRY = { position: 'relative', display: 'flex', alignItems: 'center', flex: '0 0 96px', width: '96px' } as const;
const SELECT = { position: 'absolute', inset: 0, width: '100%', height: '100%', opacity: 0, cursor: 'pointer', font: 'inherit' } as const;

/** How long typing pauses before the number is parsed (which loads the parser). */
const TYPING_PAUSE_MS = 300;

/** The country selector's options: every region with a calling code, named in `locale`, sorted by name. */
export function countryOptions(locale: string): Array<{ region: string; label: string }> {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
  } catch {
    names = undefined;
  }
  return [...callingCodes()]
    .map(([region, code]) => ({ region, name: names?.of(region) ?? region, code }))
    .sort((a, b) => a.name.localeCompare(b.name, locale))
    .map(({ region, name, code }) => ({ region, label: `${name} (+${code})` }));
}

export function PhoneOtpForm({ method }: { method: 'sms' | 'whatsapp' }) {
  const { client, config, t, state, dispatch, emit, fail } = useWidget();
  const locale = useLocale();
  const previous = state.otpState?.type === method ? state.otpState : null;
  const [region, setRegion] = useState(previous?.region ?? DEFAULT_REGION);
  const [phone, setPhone] = useState(previous?.otpDestination ?? '');
  const [submitting, setSubmitting] = useState(false);
  const countries = useMemo(() => countryOptions(locale), [locale]);

  useEffect(() => {
    if (phone.trim() === '') return;
    const timer = setTimeout(() => {
      normalizePhoneNumber(phone, { region, timeoutMs: PHONE_PARSE_TIMEOUT_MS.typing }).catch(() => undefined);
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [phone, region]);

  const submit = async (event: Event) => {
    event.preventDefault();
    // The fields' own values: a submit may come before the re-render that follows the last change.
    const fields = (event.currentTarget as HTMLFormElement).elements;
    const field = fields.namedItem('phone') as HTMLInputElement;
    const country = (fields.namedItem('country') as HTMLSelectElement).value;
    setPhone(field.value);
    dispatch({ type: 'clearError' });
    setSubmitting(true);
    try {
      const number = await normalizePhoneNumber(field.value, {
        region: country,
        timeoutMs: PHONE_PARSE_TIMEOUT_MS.submit,
        method: `otps.${method}.loginOrCreate`,
      });
      const sent = await sendPasscode(client.otps as OtpsApi, method, number, config.otpOptions, locale);
      emit({ type: StytchEventType.OTPsLoginOrCreateEvent, data: sent });
      dispatch({ type: 'updateOtpState', otpState: { type: method, methodId: sent.method_id, otpDestination: number, region: country } });
      dispatch({ type: 'transition', screen: 'OTPAuthenticate' });
    } catch (error) {
      const invalid = error instanceof InvalidInputError && error.field === 'phone_number';
      dispatch({ type: 'setError', errorMessage: invalid ? t('otp.phone.invalid') : fail(error) });
      setSubmitting(false);
    }
  };

  const errorId = `ks-phone-${method}-error`;
  return (
    <form class="ks-form" noValidate onSubmit={(event) => void submit(event)}>
      <label class="ks-label" for={`ks-phone-${method}`}>
        {t('otp.phone.label')}
      </label>
      {/* Laid out inline: the phone tabs' styles stay out of the lean email bundle's stylesheet (styles.ts). */}
      <div style={ROW}>
        {/* The closed selector shows 'US +1'; the list names every country (the select lies over the short form). */}
        <div class="ks-input ks-country" style={COUNTRY}>
          <span aria-hidden="true">
            {region} +{callingCodes().get(region)} ▾
          </span>
          <select name="country" style={SELECT} aria-label={t('otp.phone.country')} value={region} onChange={(event) => setRegion(event.currentTarget.value)}>
            {countries.map((country) => (
              <option key={country.region} value={country.region}>
                {country.label}
              </option>
            ))}
          </select>
        </div>
        <input
          id={`ks-phone-${method}`}
          class="ks-input"
          type="tel"
          name="phone"
          autoComplete="tel-national webauthn"
          value={phone}
          aria-invalid={state.errorMessage ? true : undefined}
          aria-describedby={state.errorMessage ? errorId : undefined}
          onInput={(event) => setPhone(event.currentTarget.value)}
        />
      </div>
      <ErrorText id={errorId} message={state.errorMessage} />
      <Button type="submit" loading={submitting}>
        {t('main.continue')}
      </Button>
    </form>
  );
}
