import { Badge } from '../../../components/ui/badge';
import { useT } from '../../../lib/i18n/translate-context';
import type { ApiKey } from '../types/api-key';

export function ApiKeyStatus({ apiKey }: { apiKey: ApiKey }) {
  const t = useT();
  return apiKey.revokedAt ? <Badge tone="neutral">{t('apiKeys.revoked')}</Badge> : <Badge tone="success">{t('apiKeys.active')}</Badge>;
}
