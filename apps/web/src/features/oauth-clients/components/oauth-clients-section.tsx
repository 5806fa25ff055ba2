import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import type { ProjectRole } from '@keepsake/wire/console/projects';
import { oauthProviders } from '@keepsake/wire/sdk/oauth-providers';
import { Button } from '../../../components/button';
import { CopyButton } from '../../../components/copy-button';
import { ErrorMessage } from '../../../components/error-message';
import { LoadingState } from '../../../components/loading-state';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { useT } from '../../../lib/i18n/translate-context';
import { canManageProject } from '../../../lib/project-roles';
import { useOauthClients, useRemoveOauthClient, useSaveOauthClient, type OauthClient } from '../api/oauth-clients';

/** Project settings: the project's OAuth client per provider (docs/oauth.md). The secret is write-only. */
export function OauthClientsSection({ projectId, role }: { projectId: string; role: ProjectRole }) {
  const t = useT();
  const headingId = useId();
  const clients = useOauthClients(projectId);
  const editable = canManageProject(role);
  return (
    <section aria-labelledby={headingId} className="max-w-2xl space-y-4">
      <div>
        <h2 id={headingId} className="text-lg font-semibold">
          {t('oauthClients.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('oauthClients.intro')}</p>
      </div>
      {clients.isPending && <LoadingState label={t('oauthClients.loading')} />}
      {clients.isError && <ErrorMessage error={clients.error} />}
      {clients.data && (
        <>
          <div>
            <p className="text-sm font-medium">{t('oauthClients.redirectUri')}</p>
            <div className="mt-1 flex items-center gap-2">
              <code className="min-w-0 flex-1 rounded-md bg-slate-100 px-2 py-1.5 text-sm break-all dark:bg-slate-800">{clients.data.redirectUri}</code>
              <CopyButton value={clients.data.redirectUri} label={t('oauthClients.copyRedirectUri')} />
            </div>
          </div>
          <ClientList projectId={projectId} clients={clients.data.clients} editable={editable} />
          {editable && <ClientForm projectId={projectId} clients={clients.data.clients} />}
        </>
      )}
    </section>
  );
}

function ClientList({ projectId, clients, editable }: { projectId: string; clients: OauthClient[]; editable: boolean }) {
  const t = useT();
  const remove = useRemoveOauthClient(projectId);
  if (clients.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">{t('oauthClients.empty')}</p>;
  return (
    <ul
      aria-label={t('oauthClients.listLabel')}
      className="divide-y divide-slate-200 rounded-md ring-1 ring-slate-200 dark:divide-slate-700 dark:ring-slate-700"
    >
      {clients.map((client) => (
        <li key={client.providerType} className="flex flex-wrap items-center gap-2 p-3 text-sm">
          <span className="font-medium">{client.providerType}</span>
          <span className="min-w-0 flex-1 break-all text-slate-600 dark:text-slate-400">{client.clientId}</span>
          <span>{client.enabled ? t('oauthClients.enabled') : t('oauthClients.disabled')}</span>
          {editable && (
            <Button
              variant="secondary"
              aria-label={t('oauthClients.remove', { provider: client.providerType })}
              disabled={remove.isPending}
              onClick={() => remove.mutate(client.providerType)}
            >
              {t('oauthClients.removeShort')}
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

function ClientForm({ projectId, clients }: { projectId: string; clients: OauthClient[] }) {
  const t = useT();
  const save = useSaveOauthClient(projectId);
  const [provider, setProvider] = useState<string>(oauthProviders[0]);
  const stored = clients.find((c) => c.providerType === provider);
  const [clientId, setClientId] = useState('');
  const [clientSecret, setClientSecret] = useState('');
  const [scopes, setScopes] = useState('');
  const [enabled, setEnabled] = useState(true);

  function choose(next: string) {
    setProvider(next);
    const existing = clients.find((c) => c.providerType === next);
    setClientId(existing?.clientId ?? '');
    setScopes(existing?.customScopes.join(' ') ?? '');
    setEnabled(existing?.enabled ?? true);
    setClientSecret('');
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    save.reset();
    const input = {
      clientId,
      customScopes: scopes.split(/[\s,]+/).filter(Boolean),
      enabled,
      ...(clientSecret ? { clientSecret } : {}),
    };
    const saved = await save.mutateAsync({ provider, input }).catch(() => null);
    if (saved) {
      setClientSecret('');
      toast.success(t('oauthClients.saved', { provider }));
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4 rounded-md p-4 ring-1 ring-slate-200 dark:ring-slate-700">
      <h3 className="text-base font-semibold">{t('oauthClients.formTitle')}</h3>
      <SelectField
        label={t('oauthClients.provider')}
        value={provider}
        onChange={(event) => choose(event.target.value)}
        options={oauthProviders.map((p) => ({ value: p, label: p }))}
      />
      <TextField label={t('oauthClients.clientId')} value={clientId} onChange={(event) => setClientId(event.target.value)} required autoComplete="off" />
      <TextField
        label={t('oauthClients.clientSecret')}
        hint={stored ? t('oauthClients.clientSecretKeep') : t('oauthClients.clientSecretHint')}
        type="password"
        value={clientSecret}
        onChange={(event) => setClientSecret(event.target.value)}
        required={!stored}
        autoComplete="new-password"
      />
      <TextField
        label={t('oauthClients.customScopes')}
        hint={t('oauthClients.customScopesHint')}
        value={scopes}
        onChange={(event) => setScopes(event.target.value)}
      />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4 accent-indigo-600" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
        {t('oauthClients.enable')}
      </label>
      {save.isError && <ErrorMessage error={save.error} />}
      <Button type="submit" disabled={save.isPending}>
        {t('oauthClients.save')}
      </Button>
    </form>
  );
}
