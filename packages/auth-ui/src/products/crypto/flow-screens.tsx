// Crypto Connect and Crypto Sign Message (spec §4 "Crypto": connect, get challenge, sign message, Crypto
// Confirmation; any failure goes to Crypto Error). Each screen starts its wallet request when shown. A wallet that
// refuses is reported to onError as 'Could not connect to wallet' / 'Could not sign message' (§8); a server error
// is reported and its error_message shown on Crypto Error.
import type { CryptoWalletsApi } from '@keepsake/auth-js/crypto-wallets';
import { StytchEventType } from '../../events.ts';
import { useWidget, type WidgetContextValue } from '../../widget/context.ts';
import { useStartOnce } from '../../widget/use-start-once.ts';
import { CryptoScreen } from './crypto-screen.tsx';
import { connectWallet, signChallenge, walletById, type Wallet } from './wallets.ts';

/** A wallet's own refusal (§8 'Could not connect to wallet', 'Could not sign message'): reported, not shown. */
class WalletRefused extends Error {}

type StepContext = WidgetContextValue & {
  /** False once the user has left the screen: the step stops there. */
  active: () => boolean;
};

/** Runs `step` once when the screen shows; a failure goes to Crypto Error (§4). After the user has left the screen
 * (the back arrow), the step's late answers change nothing. */
function useCryptoStep(step: (context: StepContext, wallet: Wallet) => Promise<void>) {
  const widget = useWidget();
  useStartOnce((alive) => {
    const dispatch: WidgetContextValue['dispatch'] = (action) => alive() && widget.dispatch(action);
    const wallet = walletById(widget.state.cryptoState.walletOption);
    const run = wallet ? step({ ...widget, dispatch, active: alive }, wallet) : Promise.reject(new WalletRefused(widget.t('crypto.connectFailed')));
    run.catch((error: unknown) => {
      if (!alive()) return;
      const message = widget.fail(error);
      dispatch({ type: 'transition', screen: 'CryptoError' });
      // A server error is shown as well (§8 "Preflight error shows server error_message on an error screen").
      if (!(error instanceof WalletRefused)) dispatch({ type: 'setError', errorMessage: message });
    });
  });
  return widget;
}

/** The wallet's own call; its failure becomes `message`. */
async function walletCall<T>(message: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new WalletRefused(message, { cause: error });
  }
}

async function connectAndStart({ client, dispatch, emit, t, active }: StepContext, wallet: Wallet) {
  const address = await walletCall(t('crypto.connectFailed'), () => connectWallet(wallet));
  if (!active()) return;
  dispatch({ type: 'updateCryptoState', cryptoState: { walletAddress: address } });
  const started = await (client.cryptoWallets as CryptoWalletsApi).authenticateStart({ crypto_wallet_address: address, crypto_wallet_type: wallet.chain });
  emit({ type: StytchEventType.CryptoWalletAuthenticateStart, data: started });
  dispatch({ type: 'updateCryptoState', cryptoState: { walletChallenge: started.challenge } });
  dispatch({ type: 'transition', screen: 'CryptoSignMessage' });
}

async function signAndAuthenticate({ client, config, dispatch, emit, state, t, active }: StepContext, wallet: Wallet) {
  const { walletAddress, walletChallenge } = state.cryptoState;
  const signature = await walletCall(t('crypto.signFailed'), () => signChallenge(wallet, walletAddress, walletChallenge));
  if (!active()) return;
  const result = await (client.cryptoWallets as CryptoWalletsApi).authenticate({
    crypto_wallet_address: walletAddress,
    crypto_wallet_type: wallet.chain,
    signature,
    session_duration_minutes: config.sessionOptions.sessionDurationMinutes,
  });
  emit({ type: StytchEventType.CryptoWalletAuthenticate, data: result });
  dispatch({ type: 'transition', screen: 'CryptoConfirmation' });
}

function WaitingScreen({ header, text }: { header: string; text: string }) {
  const { t } = useWidget();
  return (
    <CryptoScreen header={header}>
      <p class="ks-text">{text}</p>
      <div class="ks-waiting" role="status">
        <span class="ks-spinner" aria-hidden="true" />
        <span>{t('crypto.waiting')}</span>
      </div>
    </CryptoScreen>
  );
}

export function CryptoConnectScreen() {
  const { t, state } = useCryptoStep(connectAndStart);
  const wallet = walletById(state.cryptoState.walletOption);
  return <WaitingScreen header={t('crypto.connect.header', { wallet: wallet?.name ?? '' })} text={t('crypto.connect.text')} />;
}

export function CryptoSignMessageScreen() {
  const { t, state } = useCryptoStep(signAndAuthenticate);
  const wallet = walletById(state.cryptoState.walletOption);
  return <WaitingScreen header={t('crypto.sign.header')} text={t('crypto.sign.text', { wallet: wallet?.name ?? '' })} />;
}
