import { useState, type FormEvent } from 'react';
import { idpClientAuths, idpClientTypes, idpScopes, defaultIdpScopes, type IdpScope } from '@keepsake/wire/console/connected-apps';
import { Button } from '../../../components/button';
import { ErrorMessage } from '../../../components/error-message';
import { SelectField } from '../../../components/select-field';
import { SettingCheckbox } from '../../../components/setting-checkbox';
import { TextAreaField } from '../../../components/text-area-field';
import { TextField } from '../../../components/text-field';
import { useT } from '../../../lib/i18n/translate-context';
import type { ConnectedApp, ConnectedAppCreateInput } from '../api/connected-apps';

const lines = (text: string) =>
  text
    .split(/\s+/)
    .map((line) => line.trim())
    .filter(Boolean);

type Props = {
  /** The app being edited; a new one otherwise (its client type and authentication are chosen once). */
  app?: ConnectedApp;
  pending: boolean;
  error: Error | null;
  onSubmit: (input: ConnectedAppCreateInput) => void;
  onCancel: () => void;
};

/** Creates or edits a connected app: name, type, redirect URIs and allowed scopes. */
export function ConnectedAppForm({ app, pending, error, onSubmit, onCancel }: Props) {
  const t = useT();
  const [clientName, setClientName] = useState(app?.clientName ?? '');
  const [clientType, setClientType] = useState<ConnectedApp['clientType']>(app?.clientType ?? 'third_party');
  const [clientAuth, setClientAuth] = useState<ConnectedApp['clientAuth']>(app?.clientAuth ?? 'public');
  const [redirectUris, setRedirectUris] = useState(app?.redirectUris.join('\n') ?? '');
  const [logoutUris, setLogoutUris] = useState(app?.postLogoutRedirectUris.join('\n') ?? '');
  const [scopes, setScopes] = useState<IdpScope[]>(app?.scopes ?? defaultIdpScopes);

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit({ clientName, clientType, clientAuth, redirectUris: lines(redirectUris), postLogoutRedirectUris: lines(logoutUris), scopes });
  }

  function toggle(scope: IdpScope, on: boolean) {
    setScopes((current) => (on ? [...current, scope] : current.filter((s) => s !== scope)));
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={app ? t('connectedApps.editTitle', { name: app.clientName }) : t('connectedApps.createTitle')}
      className="max-w-2xl space-y-4 rounded-md p-4 ring-1 ring-slate-200 dark:ring-slate-700"
    >
      <h2 className="text-base font-semibold">{app ? t('connectedApps.editTitle', { name: app.clientName }) : t('connectedApps.createTitle')}</h2>
      <TextField label={t('connectedApps.clientName')} value={clientName} onChange={(event) => setClientName(event.target.value)} required autoComplete="off" />
      <SelectField
        label={t('connectedApps.clientType')}
        hint={t('connectedApps.clientTypeHint')}
        value={clientType}
        onChange={(event) => setClientType(event.target.value as ConnectedApp['clientType'])}
        options={idpClientTypes.map((value) => ({ value, label: t(`connectedApps.type.${value}`) }))}
      />
      {!app && (
        <SelectField
          label={t('connectedApps.clientAuth')}
          hint={t('connectedApps.clientAuthHint')}
          value={clientAuth}
          onChange={(event) => setClientAuth(event.target.value as ConnectedApp['clientAuth'])}
          options={idpClientAuths.map((value) => ({ value, label: t(`connectedApps.auth.${value}`) }))}
        />
      )}
      <TextAreaField
        label={t('connectedApps.redirectUris')}
        hint={t('connectedApps.urisHint')}
        value={redirectUris}
        onChange={(event) => setRedirectUris(event.target.value)}
        required
      />
      <TextAreaField
        label={t('connectedApps.logoutUris')}
        hint={t('connectedApps.urisHint')}
        value={logoutUris}
        onChange={(event) => setLogoutUris(event.target.value)}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{t('connectedApps.scopes')}</legend>
        {idpScopes.map((scope) => (
          <SettingCheckbox
            key={scope}
            label={scope}
            hint={t(`connectedApps.scope.${scope}`)}
            checked={scopes.includes(scope)}
            onChange={(event) => toggle(scope, event.target.checked)}
          />
        ))}
      </fieldset>
      {error && <ErrorMessage error={error} />}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={pending}>
          {app ? t('connectedApps.save') : t('connectedApps.create')}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
