import { useId } from 'react';
import { Button } from '../../../components/button';
import { SecretInput } from '../../../components/secret-input';
import { useT } from '../../../lib/i18n/translate-context';

/** The one and only display of a new key's secret. */
export function ApiKeySecret({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  const t = useT();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="max-w-2xl space-y-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t('apiKeys.createdTitle', { name })}
      </h2>
      <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
        {t('apiKeys.copyWarning')}
      </p>
      <SecretInput label={t('apiKeys.secret')} copyLabel={t('apiKeys.copySecret')} value={secret} />
      <Button onClick={onDone}>{t('apiKeys.done')}</Button>
    </section>
  );
}
