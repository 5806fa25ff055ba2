import { Link, useParams, useSearchParams } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { LoadingState } from '../../../components/loading-state';
import { useWallet } from '../../../features/wallets/api/get-wallet';
import { WalletBalances } from '../../../features/wallets/components/wallet-balances';
import { WalletNfts } from '../../../features/wallets/components/wallet-nfts';
import { WalletOverview } from '../../../features/wallets/components/wallet-overview';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/translate-context';
import { ConsolePage, WithCurrentProject } from './console-page';

function WalletPage({ projectId, address }: { projectId: string; address: string }) {
  const t = useT();
  const wallet = useWallet(projectId, address);
  const back = (
    <Link to="/console/wallets" className="text-sm font-semibold text-indigo-600 hover:underline dark:text-indigo-400">
      {t('wallets.backToList')}
    </Link>
  );
  const notFound = wallet.error instanceof ApiError && (wallet.error.status === 404 || wallet.error.status === 400);
  return (
    <ConsolePage title={t('wallets.detailsTitle')} actions={back}>
      {wallet.isPending && <LoadingState />}
      {wallet.isError && (notFound ? <p role="alert">{t('wallets.notFound')}</p> : <ErrorMessage error={wallet.error} />)}
      {wallet.data && (
        <div className="space-y-8">
          <div className="rounded-lg border border-slate-200 p-6 dark:border-slate-800">
            <WalletOverview wallet={wallet.data} />
          </div>
          <WalletBalances projectId={projectId} address={wallet.data.address} />
          <WalletNfts projectId={projectId} address={wallet.data.address} />
        </div>
      )}
    </ConsolePage>
  );
}

/** `/console/wallets/{address}?projectId=…`: one wallet of the project named in the query, else of the current project. */
export function Component() {
  const { address = '' } = useParams();
  const [params] = useSearchParams();
  const projectId = params.get('projectId');
  if (projectId) return <WalletPage key={`${projectId}:${address}`} projectId={projectId} address={address} />;
  return <WithCurrentProject>{(project) => <WalletPage key={`${project.id}:${address}`} projectId={project.id} address={address} />}</WithCurrentProject>;
}
