import { Button } from '../../../components/button';
import { DevMessageCard } from '../../../components/dev-message-card';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage } from '../../../components/error-message';
import { SkeletonRows } from '../../../components/loading-state';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/translate-context';
import { useOutboxMessages } from '../api/get-outbox-messages';

export function Outbox() {
  const t = useT();
  const messages = useOutboxMessages();
  const unavailable = messages.error instanceof ApiError && messages.error.status === 404;

  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-10">
      <div className="flex items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">{t('outbox.title')}</h1>
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{t('outbox.lead')}</p>
        </div>
        <Button variant="secondary" onClick={() => void messages.refetch()} loading={messages.isFetching} disabled={unavailable}>
          {t('outbox.refresh')}
        </Button>
      </div>
      <div className="mt-8">
        {messages.isPending && <SkeletonRows rows={4} />}
        {unavailable && <EmptyState title={t('outbox.devOnly')} />}
        {messages.isError && !unavailable && <ErrorMessage error={messages.error} />}
        {messages.data?.length === 0 && <EmptyState title={t('outbox.empty')} />}
        {messages.data && messages.data.length > 0 && (
          <ul className="space-y-3">
            {messages.data.map((message, index) => (
              <DevMessageCard
                key={message.id}
                heading={t('outbox.to', { to: message.to, channel: t(`outbox.channel.${message.channel}`) })}
                createdAt={message.createdAt}
                text={message.text}
                newest={index === 0}
              >
                <p className="mt-3 text-sm whitespace-pre-wrap">{message.text}</p>
              </DevMessageCard>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
