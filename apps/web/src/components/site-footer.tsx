import { useT } from '../lib/i18n/translate-context';
import { AppLink } from './app-link';

export function SiteFooter() {
  const t = useT();
  return (
    <footer className="border-t border-slate-200 py-8 text-sm text-slate-500 dark:border-slate-800 dark:text-slate-400">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4">
        <span>{t('footer.tagline')}</span>
        <AppLink href="/team" className="hover:text-slate-900 dark:hover:text-white">
          {t('nav.team')}
        </AppLink>
        <AppLink href="/help" className="hover:text-slate-900 dark:hover:text-white">
          {t('nav.help')}
        </AppLink>
        <a href="/docs" className="hover:text-slate-900 dark:hover:text-white">
          {t('footer.docs')}
        </a>
      </div>
    </footer>
  );
}
