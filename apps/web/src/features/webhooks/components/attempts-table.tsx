import toast from 'react-hot-toast';
import { Button } from '../../../components/button';
import { CopyableValue } from '../../../components/ui/copyable-value';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage } from '../../../components/error-message';
import { SkeletonRows } from '../../../components/loading-state';
import { DateTime } from '../../../components/ui/date-time';
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
    <span className="inline-flex max-w-56 flex-col gap-0.5">
      <span className="font-mono text-xs">{attempt.responseStatus ?? t('webhooks.attempt.noResponse')}</span>
      {detail && (
        <span className="truncate text-xs text-slate-600 dark:text-slate-400" title={detail}>
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

  const columns: DataColumn<WebhookAttempt>[] = [
    {
      id: 'event',
      header: t('webhooks.attempt.event'),
      kind: 'primary',
      cell: (attempt) => (
        <>
          <span className="font-mono text-xs">{attempt.eventType}</span>
          <span className="block">
            <CopyableValue value={attempt.messageId} copyLabel={t('webhooks.copyMessageId', { messageId: attempt.messageId })} head={8} tail={4} />
          </span>
        </>
      ),
    },
    { id: 'time', header: t('webhooks.attempt.time'), cell: (attempt) => <DateTime value={attempt.createdAt} /> },
    { id: 'number', header: t('webhooks.attempt.number'), cell: (attempt) => attempt.attemptNumber ?? t('webhooks.attempt.manual') },
    { id: 'result', header: t('webhooks.attempt.result'), cell: (attempt) => <AttemptResult attempt={attempt} /> },
    { id: 'response', wideInCard: true, header: t('webhooks.attempt.response'), cell: (attempt) => <Response attempt={attempt} /> },
    {
      id: 'duration',
      header: t('webhooks.attempt.duration'),
      cell: (attempt) => t('webhooks.attempt.durationMs', { ms: attempt.durationMs }),
      className: 'whitespace-nowrap',
    },
    { id: 'messageStatus', header: t('webhooks.attempt.messageStatus'), cell: (attempt) => <MessageStatus attempt={attempt} /> },
    {
      id: 'actions',
      header: t('common.actions'),
      hideHeader: true,
      kind: 'actions',
      cell: (attempt) =>
        canResend ? (
          <Button
            variant="secondary"
            size="sm"
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
        ) : null,
    },
  ];

  return (
    <div className="space-y-3">
      <DataTable caption={t('webhooks.attempts')} columns={columns} rows={attempts.data.attempts} rowKey={(attempt) => attempt.id} />
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
