import { useT } from '../../../lib/i18n/translate-context';
import { usePlatform } from '../../../lib/platform';

export type PasscodeChannel = 'email' | 'sms' | 'whatsapp';

/**
 * In dev mode nothing is really sent: says where the passcode went, the dev mailbox for email and the dev outbox
 * for SMS and WhatsApp, opened in a new tab so the code screen stays. Renders nothing outside dev mode.
 */
export function DevInboxLink({ channel }: { channel: PasscodeChannel }) {
  const t = useT();
  const platform = usePlatform();
  if (!platform.data?.devMode) return null;
  const mailbox = channel === 'email';
  return (
    <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
      {mailbox ? t('auth.devMailboxHint') : t('auth.devOutboxHint')}{' '}
      <a
        href={mailbox ? '/dev/mailbox' : '/dev/outbox'}
        target="_blank"
        rel="noopener"
        className="font-medium underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        {mailbox ? t('auth.openDevMailbox') : t('auth.openDevOutbox')} <span className="sr-only">{t('common.opensInNewTab')}</span>
      </a>
    </p>
  );
}
