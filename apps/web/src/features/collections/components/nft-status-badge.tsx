import { useT } from '../../../lib/i18n/translate-context';
import type { NftStatus } from '../../../lib/nfts';

const STYLES: Record<NftStatus, string> = {
  pending: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  success: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300',
  failed: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
};

/** Minting, Minted or Failed. */
export function NftStatusBadge({ status }: { status: NftStatus }) {
  const t = useT();
  return <span className={`inline-block rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ${STYLES[status]}`}>{t(`nfts.status.${status}`)}</span>;
}
