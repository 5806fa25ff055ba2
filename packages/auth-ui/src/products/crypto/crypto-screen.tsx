// The frame of every crypto screen but Confirmation: the back arrow to Main (forgetting the chosen wallet), the
// heading, then the screen's own content.
import type { ComponentChildren } from 'preact';
import { BackButton } from '../../components/back-button.tsx';
import { useWidget } from '../../widget/context.ts';

export function CryptoScreen({ header, children }: { header: string; children: ComponentChildren }) {
  const { t, dispatch } = useWidget();
  const back = () => {
    dispatch({ type: 'updateCryptoState', cryptoState: { walletOption: '', walletAddress: '', walletChallenge: '' } });
    dispatch({ type: 'transition', screen: 'Main' });
  };
  return (
    <div class="ks-screen">
      <BackButton label={t('crypto.back')} onClick={back} />
      <h1 class="ks-header">{header}</h1>
      {children}
    </div>
  );
}
