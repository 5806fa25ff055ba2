import { ErrorMessage } from '../../../components/error-message';
import { LoadingState } from '../../../components/loading-state';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { useT } from '../../../lib/i18n/translate-context';
import { useApiKey } from '../api/get-api-key';
import { ApiKeyStatus } from './api-key-status';

/** A key's details, read-only (the secret is never shown again). */
export function ApiKeyDetails({ projectId, keyId }: { projectId: string; keyId: string }) {
  const t = useT();
  const query = useApiKey(projectId, keyId);
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return notFound ? <p role="alert">{t('apiKeys.notFound')}</p> : <ErrorMessage error={query.error} />;
  }
  const apiKey = query.data;
  const row = 'grid gap-1 sm:grid-cols-[10rem_1fr]';
  return (
    <dl className="max-w-2xl space-y-3">
      <div className={row}>
        <dt className="text-sm font-medium text-slate-500">{t('apiKeys.name')}</dt>
        <dd className="font-medium">{apiKey.name}</dd>
      </div>
      <div className={row}>
        <dt className="text-sm font-medium text-slate-500">{t('apiKeys.environment')}</dt>
        <dd>{t(`apiKeys.env.${apiKey.environment}`)}</dd>
      </div>
      <div className={row}>
        <dt className="text-sm font-medium text-slate-500">{t('apiKeys.scopes')}</dt>
        <dd className="font-mono text-sm">{apiKey.scopes.length > 0 ? apiKey.scopes.join(', ') : t('apiKeys.noScopes')}</dd>
      </div>
      <div className={row}>
        <dt className="text-sm font-medium text-slate-500">{t('apiKeys.prefix')}</dt>
        <dd className="font-mono text-sm">{apiKey.prefix}…</dd>
      </div>
      <div className={row}>
        <dt className="text-sm font-medium text-slate-500">{t('common.created')}</dt>
        <dd>{formatDateTime(apiKey.createdAt)}</dd>
      </div>
      <div className={row}>
        <dt className="text-sm font-medium text-slate-500">{t('apiKeys.lastUsed')}</dt>
        <dd>{apiKey.lastUsedAt ? formatDateTime(apiKey.lastUsedAt) : t('apiKeys.never')}</dd>
      </div>
      <div className={row}>
        <dt className="text-sm font-medium text-slate-500">{t('apiKeys.status')}</dt>
        <dd>
          <ApiKeyStatus apiKey={apiKey} />
          {apiKey.revokedAt && <span className="ml-2 text-sm text-slate-500">{formatDateTime(apiKey.revokedAt)}</span>}
        </dd>
      </div>
    </dl>
  );
}
