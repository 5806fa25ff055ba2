import { useT } from '../../../lib/i18n/translate-context';
import { StaticPage } from './static-page';

export function TeamPage() {
  const t = useT();
  return (
    <StaticPage title={t('team.title')} lead={t('team.lead')}>
      <p>{t('team.body')}</p>
    </StaticPage>
  );
}
