import { useT } from '../../../lib/i18n/translate-context';
import { StaticPage } from './static-page';

export function JobsPage() {
  const t = useT();
  return (
    <StaticPage title={t('jobs.title')} lead={t('jobs.lead')}>
      <p>{t('jobs.body')}</p>
    </StaticPage>
  );
}
