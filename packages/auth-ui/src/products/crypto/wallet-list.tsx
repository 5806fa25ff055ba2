// The wallet buttons: on the Main screen (spec §2: 'Continue with {wallet}' for the wallets found on the page, at
// most 6 − OAuth providers − 1 of them, the last slot kept for 'Other wallets'; then 'Set up a new crypto wallet')
// and on Crypto Other Screen (the wallets Main had no slot for, and the generic Ethereum and Solana wallets).
// Choosing one stores it as cryptoState.walletOption and goes to Crypto Connect (§4).
import { Button } from '../../components/button.tsx';
import { Products, type ResolvedConfig } from '../../config.ts';
import { useWidget } from '../../widget/context.ts';
import { detectWallets, type Wallet } from './wallets.ts';
import { WalletIcon } from './wallet-icon.tsx';

/** Spec §2: the Main screen has six button slots; the OAuth providers take theirs and one is for 'Other wallets'. */
export const MAX_MAIN_BUTTONS = 6;

export function walletSlots(config: ResolvedConfig): number {
  const oauthButtons = config.products.includes(Products.oauth) ? config.oauthOptions.providers.length : 0;
  return Math.max(0, MAX_MAIN_BUTTONS - oauthButtons - 1);
}

/** The named wallets found that fit Main's slots, and the rest (with the generic wallets) for the other-wallet screen. */
export function splitWallets(found: Wallet[], slots: number): { main: Wallet[]; other: Wallet[] } {
  const named = found.filter((wallet) => !wallet.generic);
  return { main: named.slice(0, slots), other: [...named.slice(slots), ...found.filter((wallet) => wallet.generic)] };
}

export function WalletButton({ wallet }: { wallet: Wallet }) {
  const { t, dispatch } = useWidget();
  const choose = () => {
    dispatch({ type: 'updateCryptoState', cryptoState: { walletOption: wallet.id, walletAddress: '', walletChallenge: '' } });
    dispatch({ type: 'transition', screen: 'CryptoConnect' });
  };
  return (
    <Button variant="secondary" onClick={choose}>
      <WalletIcon id={wallet.id} />
      {t('crypto.continueWith', { wallet: wallet.name })}
    </Button>
  );
}

export function SetupWalletLink() {
  const { t, dispatch } = useWidget();
  return (
    <button type="button" class="ks-link ks-setup-wallet" onClick={() => dispatch({ type: 'transition', screen: 'CryptoSetupWallet' })}>
      {t('crypto.setupLink')}
    </button>
  );
}

/** The crypto product's part of the Main screen. */
export function WalletButtons() {
  const { t, config, dispatch } = useWidget();
  const { main, other } = splitWallets(detectWallets(), walletSlots(config));
  return (
    <div class="ks-buttons">
      {main.map((wallet) => (
        <WalletButton key={wallet.id} wallet={wallet} />
      ))}
      {other.length > 0 ? (
        <Button variant="secondary" onClick={() => dispatch({ type: 'transition', screen: 'CryptoOtherScreen' })}>
          {t('crypto.otherWallets')}
        </Button>
      ) : null}
      <SetupWalletLink />
    </div>
  );
}
