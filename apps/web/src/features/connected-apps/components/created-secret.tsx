import { Button } from '../../../components/button';
import { LabelledValue } from './labelled-value';
import { useT } from '../../../lib/i18n/translate-context';
import type { CreatedConnectedApp } from '../api/connected-apps';

/** The answer of a creation: the client id, and a confidential app's secret, shown this once. */
export function CreatedSecret({ created, onDone }: { created: CreatedConnectedApp; onDone: () => void }) {
  const t = useT();
  return (
    <section
      role="status"
      aria-label={t('connectedApps.createdTitle', { name: created.app.clientName })}
      className="max-w-2xl space-y-3 rounded-md bg-emerald-50 p-4 text-sm ring-1 ring-emerald-200 dark:bg-emerald-950 dark:ring-emerald-800"
    >
      <h2 className="text-base font-semibold">{t('connectedApps.createdTitle', { name: created.app.clientName })}</h2>
      <LabelledValue label={t('connectedApps.clientId')} value={created.app.clientId} />
      {created.clientSecret && (
        <>
          <LabelledValue label={t('connectedApps.clientSecret')} value={created.clientSecret} />
          <p className="font-medium text-amber-800 dark:text-amber-300">{t('connectedApps.secretOnce')}</p>
        </>
      )}
      <Button variant="secondary" onClick={onDone}>
        {t('connectedApps.done')}
      </Button>
    </section>
  );
}
