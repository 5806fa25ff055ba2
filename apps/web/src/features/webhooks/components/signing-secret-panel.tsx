import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SecretInput } from '../../../components/secret-input';
import { formatDateTime } from '../../../lib/format-date';
import { useT } from '../../../lib/i18n/translate-context';
import { useEndpointSecret } from '../api/endpoint-secret';
import type { WebhookEndpoint } from '../types/webhook';

/** Owners and admins reveal or rotate the signing secret; it is held only in this component's state. */
export function SigningSecretPanel({ projectId, endpoint }: { projectId: string; endpoint: WebhookEndpoint }) {
  const t = useT();
  const [secret, setSecret] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { reveal, rotate } = useEndpointSecret(projectId, endpoint.id, setSecret);

  const confirmRotate = () =>
    rotate.mutate(undefined, {
      onSuccess: () => toast.success(t('webhooks.rotatedToast')),
      onSettled: () => setConfirming(false),
    });

  return (
    <section aria-labelledby="signing-secret-title" className="max-w-2xl space-y-3">
      <h2 id="signing-secret-title" className="text-lg font-semibold">
        {t('webhooks.secret')}
      </h2>
      {secret && <SecretInput label={t('webhooks.secret')} copyLabel={t('webhooks.copySecret')} value={secret} />}
      {endpoint.previousSecretExpiresAt && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t('webhooks.previousSecretUntil', { date: formatDateTime(endpoint.previousSecretExpiresAt) })}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        {secret ? (
          <Button variant="secondary" onClick={() => setSecret(null)}>
            {t('webhooks.hideSecret')}
          </Button>
        ) : (
          <Button variant="secondary" loading={reveal.isPending} onClick={() => reveal.mutate()}>
            {t('webhooks.revealSecret')}
          </Button>
        )}
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          {t('webhooks.rotateSecret')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('webhooks.rotateTitle')}
        description={t('webhooks.rotateBody')}
        confirmLabel={t('webhooks.rotateSecret')}
        onConfirm={confirmRotate}
        pending={rotate.isPending}
      />
    </section>
  );
}
