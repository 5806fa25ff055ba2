import { BreakableUrl } from '../../../components/breakable-url';
import { useCallback, useEffect, useState } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import { LoadingState } from '../../../components/loading-state';
import { BadgeList } from '../../../components/ui/badge';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { useT } from '../../../lib/i18n/translate-context';
import { useEndpoint } from '../api/get-endpoint';
import { AttemptsTable } from './attempts-table';
import { EndpointStatus } from './endpoint-status';
import { SigningSecretPanel } from './signing-secret-panel';
import { TestEventForm } from './test-event-form';

/** True for 30 s after `start()`: the attempts log then refreshes every 2 s to show what was just sent. */
function useWatchWindow(): [boolean, () => void] {
  const [since, setSince] = useState<number | null>(null);
  useEffect(() => {
    if (since === null) return;
    const timer = setTimeout(() => setSince(null), 30_000);
    return () => clearTimeout(timer);
  }, [since]);
  return [since !== null, useCallback(() => setSince(Date.now()), [])];
}

/** One endpoint: its settings, secret and test event (for managers), and its attempts log. */
export function EndpointDetails({ projectId, endpointId, canManage }: { projectId: string; endpointId: string; canManage: boolean }) {
  const t = useT();
  const query = useEndpoint(projectId, endpointId);
  const [page, setPage] = useState(1);
  const [watching, watch] = useWatchWindow();

  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return notFound ? <p role="alert">{t('webhooks.notFound')}</p> : <ErrorMessage error={query.error} />;
  }
  const endpoint = query.data;
  const row = 'grid gap-1 sm:grid-cols-[10rem_1fr]';
  return (
    <div className="space-y-10">
      <dl className="max-w-3xl space-y-3">
        <div className={row}>
          <dt className="text-sm font-medium text-slate-500">{t('webhooks.url')}</dt>
          <dd className="font-mono text-sm">
            <BreakableUrl url={endpoint.url} />
          </dd>
        </div>
        <div className={row}>
          <dt className="text-sm font-medium text-slate-500">{t('webhooks.description')}</dt>
          <dd>{endpoint.description || <span className="text-slate-500">{t('webhooks.noDescription')}</span>}</dd>
        </div>
        <div className={row}>
          <dt className="text-sm font-medium text-slate-500">{t('webhooks.events')}</dt>
          <dd>
            <BadgeList items={endpoint.eventTypes} label={t('webhooks.eventsOf', { url: endpoint.url })} />
          </dd>
        </div>
        <div className={row}>
          <dt className="text-sm font-medium text-slate-500">{t('webhooks.status')}</dt>
          <dd>
            <EndpointStatus projectId={projectId} endpoint={endpoint} canManage={canManage} />
          </dd>
        </div>
        <div className={row}>
          <dt className="text-sm font-medium text-slate-500">{t('common.created')}</dt>
          <dd>{formatDateTime(endpoint.createdAt)}</dd>
        </div>
      </dl>
      {canManage && <SigningSecretPanel projectId={projectId} endpoint={endpoint} />}
      {canManage && (
        <TestEventForm
          projectId={projectId}
          endpoint={endpoint}
          onSent={() => {
            setPage(1);
            watch();
          }}
        />
      )}
      <section aria-labelledby="attempts-title" className="space-y-3">
        <h2 id="attempts-title" className="text-lg font-semibold">
          {t('webhooks.attempts')}
        </h2>
        <AttemptsTable
          projectId={projectId}
          endpointId={endpoint.id}
          canResend={canManage && endpoint.enabled}
          page={page}
          onPageChange={setPage}
          watching={watching}
          onResent={watch}
        />
      </section>
    </div>
  );
}
