import { useT } from '../../../lib/i18n/translate-context';

/** `/cli-signin/success`: where the CLI's listener sends the browser once it holds its token. */
export function Component() {
  const t = useT();
  return (
    <main className="mx-auto max-w-lg space-y-4 p-8">
      <h1 className="text-2xl font-bold tracking-tight">{t('title.cliSigninSuccess')}</h1>
      <p role="status">{t('cliAuth.signin.success')}</p>
    </main>
  );
}
