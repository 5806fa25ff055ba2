// The `crypto` product of the widget (spec §2, §3 wallets, §4 "Crypto", §7, §8): wallet buttons on the Main
// screen, Crypto Connect → Crypto Sign Message → Crypto Confirmation through auth-js's cryptoWallets, Crypto
// Error on any failure, Crypto Other Screen and Crypto Setup Wallet.
import { cryptoWallets } from '@keepsake/auth-js/crypto-wallets';
import { Products } from '../../config.ts';
import type { UIProduct } from '../../widget/product.ts';
import { CryptoConnectScreen, CryptoSignMessageScreen } from './flow-screens.tsx';
import { CryptoConfirmationScreen, CryptoErrorScreen, CryptoOtherScreen, CryptoSetupWalletScreen } from './other-screens.tsx';
import { WalletButtons } from './wallet-list.tsx';
import { cryptoStrings } from './strings.ts';

export const cryptoUI: UIProduct = {
  product: Products.crypto,
  strings: cryptoStrings,
  sdk: [cryptoWallets],
  main: { kind: 'buttons', Component: WalletButtons },
  screens: {
    CryptoConnect: CryptoConnectScreen,
    CryptoSignMessage: CryptoSignMessageScreen,
    CryptoOtherScreen,
    CryptoSetupWallet: CryptoSetupWalletScreen,
    CryptoError: CryptoErrorScreen,
    CryptoConfirmation: CryptoConfirmationScreen,
  },
};

export { WALLETS, detectWallets, type Wallet, type WalletId } from './wallets.ts';
export { walletSlots } from './wallet-list.tsx';
