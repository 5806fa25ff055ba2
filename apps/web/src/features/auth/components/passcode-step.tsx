import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { useT } from '../../../lib/i18n/translate-context';
import { EMAIL_OTP_EXPIRATION_MINUTES } from '../api/send-email-passcode';

/** Spec §7: SMS codes expire after 5 minutes. */
const SMS_OTP_EXPIRATION_MINUTES = 5;
import { useCountdown } from '../hooks/use-countdown';
import type { SentPasscode } from '../hooks/use-send-passcode';
import { SessionStartError, useVerifyPasscode } from '../hooks/use-verify-passcode';
import { truncateEmail } from '../../../lib/email';
import { authErrorMessage, isInvalidPasscodeError } from '../utils/auth-error-message';
import { formatCountdown } from '../utils/format-countdown';
import { DevInboxLink } from './dev-inbox-link';
import { PASSCODE_LENGTH, PasscodeInput } from './passcode-input';

type PasscodeStepProps = {
  sent: SentPasscode;
  onBack: () => void;
  onResend: () => void;
  resending: boolean;
  onVerified: () => void;
};

export function PasscodeStep({ sent, onBack, onResend, resending, onVerified }: PasscodeStepProps) {
  const t = useT();
  const verify = useVerifyPasscode();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);
  const minutes = sent.channel === 'sms' ? SMS_OTP_EXPIRATION_MINUTES : EMAIL_OTP_EXPIRATION_MINUTES;
  const remaining = useCountdown(sent.sentAt + minutes * 60_000);

  useEffect(() => {
    if (!verify.isPending) inputRef.current?.focus();
  }, [verify.isPending, sent]);

  const submit = (value: string) => {
    setError(undefined);
    verify.mutate(
      { methodId: sent.methodId, code: value },
      {
        onSuccess: onVerified,
        onError: (failure) => {
          setCode('');
          if (failure instanceof SessionStartError) toast.error(t('auth.signInError'));
          else if (isInvalidPasscodeError(failure)) setError(t('auth.invalidPasscode'));
          else setError(authErrorMessage(failure));
        },
      },
    );
  };

  return (
    <div className="space-y-4">
      <div className="flex items-center gap-2">
        <button type="button" onClick={onBack} aria-label={t('auth.back')} className="-ml-2 rounded-md p-2 hover:bg-slate-100 dark:hover:bg-slate-800">
          <svg className="size-5" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <path d="M15 18l-6-6 6-6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
        <h1 className="text-xl font-semibold">{t('auth.enterPasscode')}</h1>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {t('auth.passcodeSent', { email: sent.channel === 'email' ? truncateEmail(sent.to) : sent.to })}
      </p>
      <DevInboxLink channel={sent.channel} />
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (code.length === PASSCODE_LENGTH && !verify.isPending) submit(code);
        }}
      >
        <PasscodeInput
          ref={inputRef}
          label={t('auth.passcode')}
          value={code}
          onChange={(value) => {
            setCode(value);
            if (error) setError(undefined);
          }}
          onComplete={submit}
          disabled={verify.isPending}
          error={error}
        />
      </form>
      {verify.isPending && (
        <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          <Spinner label={t('auth.verifying')} />
          {t('auth.verifying')}
        </p>
      )}
      <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
        {remaining > 0 ? t('auth.expiresIn', { time: formatCountdown(remaining) }) : t('auth.codeExpired')}
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {t('auth.didNotGetIt')}{' '}
        <Button variant="link" onClick={onResend} loading={resending}>
          {t('auth.resend')}
        </Button>
      </p>
    </div>
  );
}
