import { useT } from '../lib/i18n/translate-context';

/** "View on explorer" for one NFT, in a new tab, named after the NFT for screen readers. */
export function ExplorerLink({ href, name, className = '' }: { href: string; name: string; className?: string }) {
  const t = useT();
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer"
      aria-label={t('nfts.viewOnExplorerOf', { name })}
      className={`font-semibold text-indigo-600 hover:underline dark:text-indigo-400 ${className}`}
    >
      {t('nfts.viewOnExplorer')}
    </a>
  );
}
