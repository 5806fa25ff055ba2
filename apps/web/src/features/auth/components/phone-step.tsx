import { useState } from 'react';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { useT } from '../../../lib/i18n/translate-context';

type PhoneStepProps = {
  onSubmit: (phone: string) => Promise<unknown>;
  onUseEmail: (() => void) | undefined;
  /** The server's message when sending failed. */
  serverError?: string | undefined;
};

/** A phone number to text a passcode to (the platform project's `phone` method, ADR 104). */
export function PhoneStep({ onSubmit, onUseEmail, serverError }: PhoneStepProps) {
  const t = useT();
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        const value = phone.trim();
        if (!/^\+?[\d\s().-]{7,}$/.test(value)) {
          setError(t('auth.invalidPhone'));
          return;
        }
        setPending(true);
        void onSubmit(value)
          .catch(() => undefined)
          .finally(() => setPending(false));
      }}
    >
      <h1 className="text-center text-xl font-semibold">{t('auth.heading')}</h1>
      <TextField
        label={t('auth.phone')}
        type="tel"
        autoComplete="tel"
        placeholder={t('auth.phonePlaceholder')}
        className="[&_input]:h-[47px]"
        value={phone}
        onChange={(event) => {
          setPhone(event.target.value);
          setError(undefined);
        }}
        error={error ?? serverError}
      />
      <Button type="submit" loading={pending} className="h-[47px] w-full">
        {t('auth.continue')}
      </Button>
      {onUseEmail && (
        <Button variant="link" onClick={onUseEmail} className="w-full">
          {t('auth.useEmail')}
        </Button>
      )}
    </form>
  );
}
