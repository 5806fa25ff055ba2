import type { ProductSignInMethod } from '@keepsake/wire/console/auth-config';
import { useState } from 'react';
import { Button } from '../../../components/button';
import type { MessageKey } from '../../../lib/i18n/translate';
import { useT } from '../../../lib/i18n/translate-context';

/** The methods shown as buttons under the email or phone form, in this order. */
const buttonMethods = ['passkey', 'google', 'discord', 'evm', 'solana', 'farcaster'] as const;
type ButtonMethod = (typeof buttonMethods)[number];
const labels: Record<ButtonMethod, MessageKey> = {
  passkey: 'auth.passkey',
  google: 'auth.google',
  discord: 'auth.discord',
  evm: 'auth.evm',
  solana: 'auth.solana',
  farcaster: 'auth.farcaster',
};

type OtherMethodsProps = {
  methods: readonly ProductSignInMethod[];
  /** Runs the method; rejects when it failed (the flow shows 'Error signing in'). */
  onChoose: (method: ButtonMethod) => Promise<unknown>;
};

/** One button per enabled method other than the passcodes; the one running shows its spinner. */
export function OtherMethods({ methods, onChoose }: OtherMethodsProps) {
  const t = useT();
  const [running, setRunning] = useState<ButtonMethod>();
  const shown = buttonMethods.filter((method) => methods.includes(method));
  if (shown.length === 0) return null;
  return (
    <section aria-label={t('auth.otherMethods')} className="mt-4 space-y-2">
      <p className="flex items-center gap-3 text-xs uppercase text-slate-500 dark:text-slate-400" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
        {t('auth.or')}
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      </p>
      {shown.map((method) => (
        <Button
          key={method}
          variant="secondary"
          className="h-[47px] w-full"
          loading={running === method}
          disabled={running !== undefined && running !== method}
          onClick={() => {
            setRunning(method);
            void onChoose(method)
              .catch(() => undefined)
              .finally(() => setRunning(undefined));
          }}
        >
          {t(labels[method])}
        </Button>
      ))}
    </section>
  );
}
