import type { ProductSignInMethod } from '@keepsake/wire/console/auth-config';
import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { showErrorToast } from '../../../lib/error-toast';
import { useT } from '../../../lib/i18n/translate-context';
import { usePlatform } from '../../../lib/platform';
import { farcasterSignIn, oauthSignInUrl, passkeySignIn, walletSignIn } from '../api/sign-in-methods';
import { useSendPasscode } from '../hooks/use-send-passcode';
import type { SentPasscode } from '../hooks/use-send-passcode';
import { EmailStep } from './email-step';
import { OtherMethods } from './other-methods';
import { PasscodeStep } from './passcode-step';
import { PhoneStep } from './phone-step';
import { SignInCard } from './sign-in-card';
import { SuccessStep } from './success-step';
import { authErrorMessage } from '../utils/auth-error-message';

/** How long the success screen shows before `onSignedIn`. */
export const SUCCESS_DELAY_MS = 800;

/** Until the platform's settings load, and when it names none: email passcodes. */
const fallbackMethods: readonly ProductSignInMethod[] = ['email'];

type SignInFlowProps = {
  /** Called after the success screen; resolves false when no session came of it. */
  onSignedIn: () => Promise<boolean>;
  /** Where the server sends the browser after a redirecting method (Google, Discord). */
  callbackUrl: string;
  /** The page was opened after a failed sign-in (`?error=…` from the server's redirect). */
  failed?: boolean;
};

/**
 * Every method the platform project enables (ADR 104): email or phone, then a 6-digit passcode; passkeys (a button,
 * and autofill on the email input); Google and Discord; Ethereum and Solana wallets. Then success.
 */
export function SignInFlow({ onSignedIn, callbackUrl, failed = false }: SignInFlowProps) {
  const t = useT();
  const platform = usePlatform();
  const methods = platform.data?.signInMethods ?? fallbackMethods;
  const emailOn = methods.includes('email');
  const phoneOn = methods.includes('phone');
  const passkeyOn = methods.includes('passkey');
  const [step, setStep] = useState<'start' | 'passcode' | 'success'>('start');
  const [usePhone, setUsePhone] = useState(false);
  const channel = (usePhone && phoneOn) || !emailOn ? 'sms' : 'email';
  const [sent, setSent] = useState<SentPasscode | null>(null);
  const [error, setError] = useState(failed);
  const autofill = useRef<AbortController | null>(null);
  const send = useSendPasscode();
  const resend = useSendPasscode();

  /** Spec §8 'Error signing in', shown above the form until another try. */
  const signInFailed = useCallback(() => setError(true), []);

  useEffect(() => {
    if (step !== 'success') return;
    let active = true;
    const timer = setTimeout(() => {
      void onSignedIn().then((ok) => {
        if (active && !ok) {
          toast.error(t('auth.signInError'));
          setStep(sent ? 'passcode' : 'start');
        }
      });
    }, SUCCESS_DELAY_MS);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [step, onSignedIn, sent, t]);

  // Passkey autofill: the browser offers saved passkeys on the email input while it shows.
  useEffect(() => {
    if (step !== 'start' || channel !== 'email' || !passkeyOn) return;
    const controller = new AbortController();
    autofill.current = controller;
    passkeySignIn({ conditional: true, signal: controller.signal }).then(
      (ok) => ok && setStep('success'),
      () => !controller.signal.aborted && signInFailed(),
    );
    return () => controller.abort();
  }, [step, channel, passkeyOn, signInFailed]);

  const choose = async (method: 'passkey' | 'google' | 'discord' | 'evm' | 'solana' | 'farcaster') => {
    setError(false);
    if (method === 'google' || method === 'discord') {
      window.location.assign(oauthSignInUrl(method, callbackUrl));
      return;
    }
    autofill.current?.abort();
    try {
      if (method === 'passkey') {
        if (!(await passkeySignIn({ conditional: false }))) throw new Error('no passkey');
      } else if (method === 'farcaster') {
        await farcasterSignIn(callbackUrl);
      } else {
        await walletSignIn(method, callbackUrl);
      }
      setStep('success');
    } catch (failure) {
      signInFailed();
      throw failure;
    }
  };

  const sendTo = async (to: string) => {
    const result = await send.mutateAsync({ channel, to });
    setSent(result);
    setStep('passcode');
  };

  return (
    <SignInCard>
      {error && step !== 'success' && (
        <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950 dark:text-red-300">
          {t('auth.signInError')}
        </p>
      )}
      {step === 'start' && (
        <>
          {channel === 'email' ? (
            <EmailStep
              defaultEmail={sent?.channel === 'email' ? sent.to : ''}
              autofillPasskeys={passkeyOn}
              serverError={send.error ? authErrorMessage(send.error) : undefined}
              onUsePhone={phoneOn ? () => setUsePhone(true) : undefined}
              onSubmit={sendTo}
            />
          ) : (
            <PhoneStep
              serverError={send.error ? authErrorMessage(send.error) : undefined}
              onUseEmail={emailOn ? () => setUsePhone(false) : undefined}
              onSubmit={sendTo}
            />
          )}
          <OtherMethods methods={methods} onChoose={choose} />
        </>
      )}
      {step === 'passcode' && sent && (
        <PasscodeStep
          sent={sent}
          resending={resend.isPending}
          onBack={() => {
            send.reset();
            setStep('start');
          }}
          onResend={() =>
            resend.mutate(sent, {
              onSuccess: (result) => {
                setSent(result);
                toast.success(t('auth.codeResent'));
              },
              onError: (failure) => showErrorToast(authErrorMessage(failure)),
            })
          }
          onVerified={() => setStep('success')}
        />
      )}
      {step === 'success' && <SuccessStep />}
    </SignInCard>
  );
}
