import { useState } from 'react';
import toast from 'react-hot-toast';
import type { CliToken } from '@keepsake/wire/console/cli-auth';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage } from '../../../components/error-message';
import { SkeletonRows } from '../../../components/loading-state';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { DateTime } from '../../../components/ui/date-time';
import { useT } from '../../../lib/i18n/translate-context';
import { useCliTokens } from '../api/get-cli-tokens';
import { useRevokeCliToken } from '../api/revoke-cli-token';

/**
 * The developer's CLI tokens (ADR 114): the device it signed in on (a fallback label for tokens from before device
 * names), which token, when it signed in and was last used, and Revoke behind a confirmation naming the device.
 */
export function CliTokensTable() {
  const t = useT();
  const tokens = useCliTokens();
  const revoke = useRevokeCliToken();
  const [revoking, setRevoking] = useState<CliToken | null>(null);

  if (tokens.isPending) return <SkeletonRows />;
  if (tokens.isError) return <ErrorMessage error={tokens.error} />;
  if (tokens.data.length === 0) return <EmptyState title={t('cliTokens.empty')} description={t('cliTokens.emptyBody')} />;

  const nameOf = (token: CliToken) => t('cliTokens.tokenName', { hint: token.hint });
  const revokeTitle = (token: CliToken | null) =>
    token?.deviceName ? t('cliTokens.revokeTitle', { device: token.deviceName }) : t('cliTokens.revokeTitleUnnamed');
  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        toast.success(t('cliTokens.revokedToast', { name: nameOf(revoking) }));
        setRevoking(null);
      },
      onError: () => setRevoking(null),
    });
  };

  const columns: DataColumn<CliToken>[] = [
    {
      id: 'device',
      header: t('cliTokens.device'),
      kind: 'primary',
      cell: (token) =>
        token.deviceName ? (
          <span className="break-words">{token.deviceName}</span>
        ) : (
          <span className="text-slate-600 italic dark:text-slate-400">{t('cliTokens.unnamedDevice')}</span>
        ),
    },
    { id: 'token', header: t('cliTokens.token'), cell: (token) => <span className="font-mono text-sm whitespace-nowrap">{nameOf(token)}</span> },
    { id: 'created', header: t('cliTokens.signedIn'), cell: (token) => <DateTime value={token.createdAt} /> },
    { id: 'lastUsed', header: t('cliTokens.lastUsed'), cell: (token) => (token.lastUsedAt ? <DateTime value={token.lastUsedAt} /> : t('cliTokens.never')) },
    {
      id: 'actions',
      header: t('common.actions'),
      hideHeader: true,
      kind: 'actions',
      cell: (token) => (
        <Button variant="ghost-danger" size="sm" aria-label={t('cliTokens.revokeLabel', { name: nameOf(token) })} onClick={() => setRevoking(token)}>
          {t('cliTokens.revoke')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <DataTable caption={t('cliTokens.title')} columns={columns} rows={tokens.data} rowKey={(token) => token.id} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={revokeTitle(revoking)}
        description={t('cliTokens.revokeBody', { name: revoking ? nameOf(revoking) : '' })}
        confirmLabel={t('cliTokens.revoke')}
        onConfirm={confirmRevoke}
        pending={revoke.isPending}
      />
    </>
  );
}
