import { useT } from '../../../lib/i18n/translate-context';
import type { ApiKey } from '../types/api-key';

export function ApiKeyStatus({ apiKey }: { apiKey: ApiKey }) {
  const t = useT();
  return apiKey.revokedAt ? (
    <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-600 dark:bg-slate-800 dark:text-slate-300">{t('apiKeys.revoked')}</span>
  ) : (
    <span className="rounded bg-green-100 px-1.5 py-0.5 text-xs font-medium text-green-800 dark:bg-green-950 dark:text-green-300">{t('apiKeys.active')}</span>
  );
}
