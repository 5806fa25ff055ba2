import toast from 'react-hot-toast';
import { Button } from '../../../components/button';
import { DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage } from '../../../components/error-message';
import { SkeletonRows } from '../../../components/loading-state';
import { formatDateTime } from '../../../lib/format-date';
import { useT } from '../../../lib/i18n/translate-context';
import { ATTEMPTS_PER_PAGE, useAttempts } from '../api/get-attempts';
import { useResendMessage } from '../api/resend-message';
import type { WebhookAttempt } from '../types/webhook';
import { AttemptResult, MessageStatus } from './attempt-badges';

type AttemptsTableProps = {
  projectId: string;
  endpointId: string;
  canResend: boolean;
  page: number;
  onPageChange: (page: number) => void;
  /** Poll often (something was just sent). */
  watching: boolean;
  onResent: () => void;
};

function Response({ attempt }: { attempt: WebhookAttempt }) {
  const t = useT();
  const detail = attempt.error ?? attempt.responseBody;
  return (
    <span className="inline-flex max-w-xs flex-col gap-0.5">
      <span className="font-mono text-xs">{attempt.responseStatus ?? t('webhooks.attempt.noResponse')}</span>
      {detail && (
        <span className="truncate text-xs text-slate-500" title={detail}>
          {detail}
        </span>
      )}
    </span>
  );
}

/** An endpoint's delivery attempts, newest first, with a page switcher and a resend button per message. */
export function AttemptsTable({ projectId, endpointId, canResend, page, onPageChange, watching, onResent }: AttemptsTableProps) {
  const t = useT();
  const attempts = useAttempts(projectId, endpointId, page, watching);
  const resend = useResendMessage(projectId, endpointId);

  if (attempts.isPending) return <SkeletonRows />;
  if (attempts.isError) return <ErrorMessage error={attempts.error} />;
  const { total } = attempts.data;
  if (total === 0) return <EmptyState title={t('webhooks.attemptsEmpty')} description={t('webhooks.attemptsEmptyBody')} />;
  const pages = Math.max(1, Math.ceil(total / ATTEMPTS_PER_PAGE));

  return (
    <div className="space-y-3">
      <DataTable
        caption={t('webhooks.attempts')}
        headings={[
          t('webhooks.attempt.time'),
          t('webhooks.attempt.event'),
          t('webhooks.attempt.number'),
          t('webhooks.attempt.result'),
          t('webhooks.attempt.response'),
          t('webhooks.attempt.duration'),
          t('webhooks.attempt.messageStatus'),
          { hidden: t('common.actions') },
        ]}
      >
        {attempts.data.attempts.map((attempt) => (
          <tr key={attempt.id}>
            <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(attempt.createdAt)}</td>
            <td className="px-3 py-2">
              <span className="font-mono text-xs">{attempt.eventType}</span>
              <span className="block font-mono text-[11px] text-slate-500">{attempt.messageId}</span>
            </td>
            <td className="px-3 py-2">{attempt.attemptNumber ?? t('webhooks.attempt.manual')}</td>
            <td className="px-3 py-2">
              <AttemptResult attempt={attempt} />
            </td>
            <td className="px-3 py-2">
              <Response attempt={attempt} />
            </td>
            <td className="px-3 py-2 whitespace-nowrap">{t('webhooks.attempt.durationMs', { ms: attempt.durationMs })}</td>
            <td className="px-3 py-2">
              <MessageStatus attempt={attempt} />
            </td>
            <td className="px-3 py-2 text-right">
              {canResend && (
                <Button
                  variant="ghost"
                  aria-label={t('webhooks.resendLabel', { messageId: attempt.messageId })}
                  disabled={resend.isPending}
                  onClick={() =>
                    resend.mutate(attempt.messageId, {
                      onSuccess: () => {
                        toast.success(t('webhooks.resentToast'));
                        onResent();
                      },
                    })
                  }
                >
                  {t('webhooks.resend')}
                </Button>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
      <nav aria-label={t('webhooks.pagination')} className="flex items-center justify-between gap-3 text-sm">
        <Button variant="secondary" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          {t('webhooks.previous')}
        </Button>
        <span aria-live="polite">{t('webhooks.pageOf', { page, pages })}</span>
        <Button variant="secondary" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
          {t('webhooks.next')}
        </Button>
      </nav>
    </div>
  );
}
