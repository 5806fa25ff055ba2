import { formatDateTime } from '../../../lib/format-date';
import { useT } from '../../../lib/i18n/translate-context';
import type { WebhookAttempt } from '../types/webhook';

const badge = 'rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap';
const tones = {
  good: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300',
  bad: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
  waiting: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
};

export function AttemptResult({ attempt }: { attempt: WebhookAttempt }) {
  const t = useT();
  return attempt.status === 'succeeded' ? (
    <span className={`${badge} ${tones.good}`}>{t('webhooks.attempt.succeeded')}</span>
  ) : (
    <span className={`${badge} ${tones.bad}`}>{t('webhooks.attempt.failed')}</span>
  );
}

/** Where the attempt's message stands: delivered, failed for good, or retrying (and when). */
export function MessageStatus({ attempt }: { attempt: WebhookAttempt }) {
  const t = useT();
  const tone = attempt.messageStatus === 'succeeded' ? tones.good : attempt.messageStatus === 'failed' ? tones.bad : tones.waiting;
  return (
    <span className="inline-flex flex-col gap-0.5">
      <span className={`${badge} ${tone} self-start`}>{t(`webhooks.messageStatus.${attempt.messageStatus}`)}</span>
      {attempt.nextAttemptAt && <span className="text-xs text-slate-500">{t('webhooks.nextAttempt', { time: formatDateTime(attempt.nextAttemptAt) })}</span>}
    </span>
  );
}
