// The wallets' icons (spec §3 wallet list): our own simple drawings, not the vendors' marks. A named wallet is its
// initial drawn in white on a coloured rounded square; the generic Ethereum wallet a diamond, the generic Solana
// wallet an S, on grey. The icon is decoration (aria-hidden): the button or link beside it names the wallet
// ('Continue with Phantom'), so the name is what a screen reader hears. Every WalletId has one (the Record type).
import type { WalletId } from './wallets.ts';

type Look = { color: string; path: string };

const LOOKS: Record<WalletId, Look> = {
  phantom: { color: '#4B3F99', path: 'M9 17V7h4a3 3 0 0 1 0 6H9' },
  vessel: { color: '#1F5F8B', path: 'M7 7l5 10 5-10' },
  binance: { color: '#7A5C00', path: 'M9 12V7h3.5a2.5 2.5 0 0 1 0 5H9v5h4a2.5 2.5 0 0 0 0-5' },
  coinbase: { color: '#1A4FB8', path: 'M15.5 8.5A5 5 0 1 0 15.5 15.5' },
  metamask: { color: '#9A4A0C', path: 'M7 17V7l5 6 5-6v10' },
  ethereum: { color: '#4A5A63', path: 'M12 5l5 7-5 7-5-7zM7 12l5 2.5 5-2.5' },
  solana: { color: '#4A5A63', path: 'M15.5 8.5C14.7 7.5 13.5 7 12 7c-2 0-3.5 1-3.5 2.5S10 11.6 12 12s3.5 1 3.5 2.5S14 17 12 17c-1.5 0-2.7-.5-3.5-1.5' },
};

export function WalletIcon({ id }: { id: WalletId }) {
  const { color, path } = LOOKS[id];
  return (
    <svg class="ks-wallet-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" style={{ flex: 'none', marginRight: '8px' }}>
      <rect width="24" height="24" rx="6" fill={color} />
      <path d={path} fill="none" stroke="#FFFFFF" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" />
    </svg>
  );
}
