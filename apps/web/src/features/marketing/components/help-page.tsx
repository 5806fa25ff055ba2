import { AppLink } from '../../../components/app-link';
import { useT } from '../../../lib/i18n/translate-context';
import { StaticPage } from './static-page';

export function HelpPage() {
  const t = useT();
  return (
    <StaticPage title={t('help.title')} lead={t('help.lead')}>
      <ul className="list-disc space-y-2 pl-5">
        <li>
          <a href="/docs" className="text-indigo-600 hover:underline">
            {t('help.docs')}
          </a>
        </li>
        <li>
          <AppLink href="/console/overview" className="text-indigo-600 hover:underline">
            {t('help.console')}
          </AppLink>
        </li>
        <li>{t('help.selfHost')}</li>
      </ul>
    </StaticPage>
  );
}
