// Crypto Other Screen (the wallets that had no slot on Main, and the generic Ethereum and Solana wallets), Crypto
// Setup Wallet (where to get a wallet), Crypto Error (spec §8) and Crypto Confirmation. Each has the back arrow to
// Main.
import { Message } from '../../components/message.tsx';
import { SuccessScreen } from '../../screens/success.tsx';
import { useWidget } from '../../widget/context.ts';
import { CryptoScreen } from './crypto-screen.tsx';
import { SetupWalletLink, splitWallets, WalletButton, walletSlots } from './wallet-list.tsx';
import { WalletIcon } from './wallet-icon.tsx';
import { detectWallets, WALLETS } from './wallets.ts';

export function CryptoOtherScreen() {
  const { t, config } = useWidget();
  const { other } = splitWallets(detectWallets(), walletSlots(config));
  return (
    <CryptoScreen header={t('crypto.other.header')}>
      {other.length === 0 ? <p class="ks-text">{t('crypto.other.none')}</p> : null}
      <div class="ks-buttons">
        {other.map((wallet) => (
          <WalletButton key={wallet.id} wallet={wallet} />
        ))}
      </div>
      <SetupWalletLink />
    </CryptoScreen>
  );
}

export function CryptoSetupWalletScreen() {
  const { t } = useWidget();
  return (
    <CryptoScreen header={t('crypto.setup.header')}>
      <p class="ks-text">{t('crypto.setup.text')}</p>
      <ul class="ks-providers">
        {WALLETS.filter((wallet) => wallet.installUrl).map((wallet) => (
          <li key={wallet.id}>
            <a class="ks-button ks-button-secondary" href={wallet.installUrl} target="_blank" rel="noopener noreferrer">
              <WalletIcon id={wallet.id} />
              {t('crypto.setup.get', { wallet: wallet.name })}
            </a>
          </li>
        ))}
      </ul>
    </CryptoScreen>
  );
}

export function CryptoErrorScreen() {
  const { t, state } = useWidget();
  return (
    <CryptoScreen header={t('crypto.error.header')}>
      <p class="ks-text">{t('crypto.error.text')}</p>
      <Message text={state.errorMessage} />
    </CryptoScreen>
  );
}

export const CryptoConfirmationScreen = () => <SuccessScreen message="crypto.success" />;
