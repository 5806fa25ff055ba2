import { Link } from 'react-router';
import { buttonClassName } from '../../../components/button';
import { useT } from '../../../lib/i18n/translate-context';

export function Component() {
  const t = useT();
  return (
    <section className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center px-4 py-24 text-center">
      <p className="text-sm font-semibold text-indigo-600">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{t('notFound.title')}</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-400">{t('notFound.body')}</p>
      <Link to="/" className={buttonClassName('primary', 'mt-8')}>
        {t('notFound.home')}
      </Link>
    </section>
  );
}
