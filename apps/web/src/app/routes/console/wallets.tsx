import { WalletsList } from '../../../features/wallets/components/wallets-list';
import { useT } from '../../../lib/i18n/translate-context';
import { ConsolePage, WithCurrentProject } from './console-page';

/** `/console/wallets`: the current project's custodial wallets. */
export function Component() {
  const t = useT();
  return (
    <WithCurrentProject>
      {(project) => (
        <ConsolePage title={t('wallets.title')}>
          <p className="max-w-3xl text-sm text-slate-500">{t('wallets.lead')}</p>
          <WalletsList key={project.id} projectId={project.id} />
        </ConsolePage>
      )}
    </WithCurrentProject>
  );
}
