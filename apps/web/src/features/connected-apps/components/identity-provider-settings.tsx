import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/button';
import { ErrorMessage } from '../../../components/error-message';
import { TextField } from '../../../components/text-field';
import { LabelledValue } from './labelled-value';
import { useT } from '../../../lib/i18n/translate-context';
import { useSetAuthorizationUrl, type IdentityProvider } from '../api/connected-apps';

/** The project's issuer and discovery URL, and its authorization URL (the page hosting the widget in IdP-consent mode). */
export function IdentityProviderSettings({ projectId, provider, canManage }: { projectId: string; provider: IdentityProvider; canManage: boolean }) {
  const t = useT();
  const save = useSetAuthorizationUrl(projectId);
  const [url, setUrl] = useState(provider.authorizationUrl ?? '');

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(url.trim() === '' ? null : url.trim(), { onSuccess: () => toast.success(t('connectedApps.authorizationUrlSaved')) });
  }

  return (
    <section aria-label={t('connectedApps.providerTitle')} className="max-w-2xl space-y-3">
      <h2 className="text-lg font-semibold">{t('connectedApps.providerTitle')}</h2>
      <LabelledValue label={t('connectedApps.issuer')} value={provider.issuer} />
      <LabelledValue label={t('connectedApps.discoveryUrl')} value={provider.discoveryUrl} />
      {canManage ? (
        <form noValidate onSubmit={submit} className="space-y-3">
          <TextField
            label={t('connectedApps.authorizationUrl')}
            hint={t('connectedApps.authorizationUrlHint')}
            type="url"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            autoComplete="off"
          />
          {save.isError && <ErrorMessage error={save.error} />}
          <Button type="submit" variant="secondary" loading={save.isPending}>
            {t('connectedApps.saveAuthorizationUrl')}
          </Button>
        </form>
      ) : (
        <p className="text-sm">
          {t('connectedApps.authorizationUrl')}: {provider.authorizationUrl ?? t('connectedApps.authorizationUrlUnset')}
        </p>
      )}
    </section>
  );
}
