import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage } from '../../../components/error-message';
import { SkeletonRows } from '../../../components/loading-state';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/translate-context';
import { useMailboxMessages } from '../api/get-mailbox-messages';
import { MailboxMessageItem } from './mailbox-message-item';

export function Mailbox() {
  const t = useT();
  const messages = useMailboxMessages();
  const devModeOff = messages.error instanceof ApiError && messages.error.status === 404;

  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-10">
      <div className="flex items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">{t('mailbox.title')}</h1>
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{t('mailbox.lead')}</p>
        </div>
        <Button variant="secondary" onClick={() => void messages.refetch()} loading={messages.isFetching} disabled={devModeOff}>
          {t('mailbox.refresh')}
        </Button>
      </div>
      <div className="mt-8">
        {messages.isPending && <SkeletonRows rows={4} />}
        {devModeOff && <EmptyState title={t('mailbox.devOnly')} />}
        {messages.isError && !devModeOff && <ErrorMessage error={messages.error} />}
        {messages.data?.length === 0 && <EmptyState title={t('mailbox.empty')} />}
        {messages.data && messages.data.length > 0 && (
          <ul className="space-y-3">
            {messages.data.map((message, index) => (
              <MailboxMessageItem key={message.id} message={message} newest={index === 0} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
