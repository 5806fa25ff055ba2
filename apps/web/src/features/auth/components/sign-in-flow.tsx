import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { showErrorToast } from '../../../lib/error-toast';
import { useT } from '../../../lib/i18n/translate-context';
import { useSendPasscode } from '../hooks/use-send-passcode';
import type { SentPasscode } from '../hooks/use-send-passcode';
import { EmailStep } from './email-step';
import { PasscodeStep } from './passcode-step';
import { SignInCard } from './sign-in-card';
import { SuccessStep } from './success-step';
import { authErrorMessage } from '../utils/auth-error-message';

/** How long the success screen shows before `onSignedIn`. */
export const SUCCESS_DELAY_MS = 800;

type SignInFlowProps = {
  /** Called after the success screen; resolves false when no session came of it. */
  onSignedIn: () => Promise<boolean>;
};

/** Email, then a 6-digit passcode, then success (spec §4 widget OTP states). */
export function SignInFlow({ onSignedIn }: SignInFlowProps) {
  const t = useT();
  const [step, setStep] = useState<'email' | 'passcode' | 'success'>('email');
  const [sent, setSent] = useState<SentPasscode | null>(null);
  const send = useSendPasscode();
  const resend = useSendPasscode();

  useEffect(() => {
    if (step !== 'success') return;
    let active = true;
    const timer = setTimeout(() => {
      void onSignedIn().then((ok) => {
        if (active && !ok) {
          toast.error(t('auth.signInError'));
          setStep('passcode');
        }
      });
    }, SUCCESS_DELAY_MS);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [step, onSignedIn, t]);

  return (
    <SignInCard>
      {step === 'email' && (
        <EmailStep
          defaultEmail={sent?.email ?? ''}
          serverError={send.error ? authErrorMessage(send.error) : undefined}
          onSubmit={async (email) => {
            const result = await send.mutateAsync(email);
            setSent(result);
            setStep('passcode');
          }}
        />
      )}
      {step === 'passcode' && sent && (
        <PasscodeStep
          sent={sent}
          resending={resend.isPending}
          onBack={() => {
            send.reset();
            setStep('email');
          }}
          onResend={() =>
            resend.mutate(sent.email, {
              onSuccess: (result) => {
                setSent(result);
                toast.success(t('auth.codeResent'));
              },
              onError: (error) => showErrorToast(authErrorMessage(error)),
            })
          }
          onVerified={() => setStep('success')}
        />
      )}
      {step === 'success' && <SuccessStep />}
    </SignInCard>
  );
}
