import toast from 'react-hot-toast';
import { useT } from '../../../lib/i18n/translate-context';
import { useUpdateEndpoint } from '../api/update-endpoint';
import type { WebhookEndpoint } from '../types/webhook';
import { EnabledSwitch } from './enabled-switch';

/** The enable/disable switch for managers; a plain label for everyone else. */
export function EndpointStatus({ projectId, endpoint, canManage }: { projectId: string; endpoint: WebhookEndpoint; canManage: boolean }) {
  const t = useT();
  const update = useUpdateEndpoint(projectId);
  const label = endpoint.enabled ? t('webhooks.enabled') : t('webhooks.disabled');
  if (!canManage) {
    return (
      <span
        className={`rounded px-1.5 py-0.5 text-xs font-medium ${endpoint.enabled ? 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300' : 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300'}`}
      >
        {label}
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-2">
      <EnabledSwitch
        checked={endpoint.enabled}
        label={t('webhooks.toggleLabel', { url: endpoint.url })}
        disabled={update.isPending}
        onChange={(enabled) =>
          update.mutate(
            { endpointId: endpoint.id, enabled },
            { onSuccess: () => toast.success(enabled ? t('webhooks.enabledToast') : t('webhooks.disabledToast')) },
          )
        }
      />
      <span className="text-xs text-slate-600 dark:text-slate-300">{label}</span>
    </span>
  );
}
