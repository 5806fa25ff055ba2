import { useId } from 'react';
import { useT } from '../../../lib/i18n/translate-context';
import { CliTokensTable } from './cli-tokens-table';

/** The account page's CLI tokens: what they are, and the list with Revoke. */
export function CliTokensSection() {
  const t = useT();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {t('cliTokens.title')}
      </h2>
      <p className="max-w-prose text-sm text-slate-600 dark:text-slate-400">{t('cliTokens.intro')}</p>
      <CliTokensTable />
    </section>
  );
}
