import { useState } from 'react';
import { Button } from '../../../components/button';
import { ErrorMessage } from '../../../components/error-message';
import { useT } from '../../../lib/i18n/translate-context';
import { useUpdateCheckoutOrder } from '../api/update-order';
import type { FaucetInput } from '@keepsake/wire/developer/faucet';
import { useFaucet } from '../api/faucet';
import { connectWallet, injectedProvider, sendPreparedTransactions, switchChain, walletErrorMessage } from '../lib/wallet';
import type { CryptoPreparation, HostedSale, Order, OrderHandle } from '../types/checkout';
import { TestLabel } from './test-label';

type Step = 'idle' | 'connecting' | 'sending' | 'sent';

/**
 * Paying with the browser's wallet: connect (eth_requestAccounts), switch to the chain, set the payer on the order
 * (PATCH payment.payerAddress), then send what the order prepared (the approval, then the payment).
 */
export function WalletPayment({ order, handle, crypto, total }: { order: Order; handle: OrderHandle; crypto: HostedSale['crypto']; total: string }) {
  const t = useT();
  const update = useUpdateCheckoutOrder(handle);
  const [step, setStep] = useState<Step>('idle');
  const [sent, setSent] = useState<string[]>([]);
  const [error, setError] = useState<string | undefined>();
  const provider = injectedProvider();
  const preparation = order.payment.preparation as CryptoPreparation | undefined;
  const payer = order.payment.payerAddress;
  const faucet = useFaucet(handle);

  if (!provider) return <p className="text-sm text-slate-700 dark:text-slate-300">{t('checkout.wallet.none')}</p>;

  const connect = async () => {
    setError(undefined);
    setStep('connecting');
    try {
      const account = await connectWallet(provider);
      if (crypto) await switchChain(provider, crypto);
      await update.mutateAsync({ payment: { payerAddress: account } });
      setStep('idle');
    } catch (cause) {
      setError(walletErrorMessage(cause));
      setStep('idle');
    }
  };

  const pay = async () => {
    if (!preparation || !payer) return;
    setError(undefined);
    setStep('sending');
    try {
      if (crypto) await switchChain(provider, crypto);
      await sendPreparedTransactions(provider, payer, preparation.transactions, (purpose) => setSent((list) => [...list, purpose]));
      setStep('sent');
    } catch (cause) {
      setError(walletErrorMessage(cause));
      setStep('idle');
    }
  };

  /** Test USDXM to the payer, then the order checks the wallet again (its balance decides the payment status). */
  const drip = async () => {
    if (!payer) return;
    try {
      // The order's method is its chain (the server refuses any other with the client secret).
      await faucet.mutateAsync({ chain: order.payment.method as FaucetInput['chain'], address: payer });
      await update.mutateAsync({ payment: { payerAddress: payer } });
    } catch {
      // Shown from the mutation's error.
    }
  };

  const status = order.payment.status;
  // The faucet gives test USDXM on local chains: shown when that is what this order is paid with.
  const faucetShown = Boolean(crypto?.test && order.payment.currency === 'usdxm' && payer && step !== 'sent' && status !== 'in-progress');
  return (
    <section aria-labelledby="wallet-payment" className="space-y-4">
      <h2 id="wallet-payment" className="text-base font-semibold text-slate-900 dark:text-slate-100">
        {t('checkout.wallet.title')}
      </h2>
      {order.payment.test && <TestLabel label={t('checkout.wallet.testChain', { chain: order.payment.method })} />}
      {payer && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {t('checkout.wallet.payer')} <span className="font-mono break-all">{payer}</span>
        </p>
      )}
      {status === 'crypto-payer-insufficient-funds' && (
        <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
          {t('checkout.wallet.insufficientFunds', { total })}
        </p>
      )}
      {status === 'crypto-payer-insufficient-funds-for-gas' && (
        <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
          {t('checkout.wallet.insufficientGas')}
        </p>
      )}
      {faucetShown && (
        <div role="group" aria-labelledby="wallet-faucet" className="space-y-2 rounded-md bg-slate-50 p-3 text-sm dark:bg-slate-900">
          <p id="wallet-faucet" className="text-slate-700 dark:text-slate-300">
            {t('checkout.faucet.body')}
          </p>
          <Button variant="secondary" onClick={() => void drip()} loading={faucet.isPending} className="w-full">
            {t('checkout.faucet.button')}
          </Button>
          {faucet.isSuccess && (
            <p role="status" className="text-green-800 dark:text-green-300">
              {t('checkout.faucet.sent', { amount: `${faucet.data.amount.amount} ${faucet.data.amount.currency.toUpperCase()}` })}
            </p>
          )}
          {faucet.error && <ErrorMessage error={faucet.error} />}
        </div>
      )}
      {step === 'sent' || status === 'in-progress' ? (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          {t('checkout.wallet.waiting')}
        </p>
      ) : !payer || status.startsWith('crypto-payer') ? (
        <Button onClick={() => void connect()} loading={step === 'connecting'} className="w-full">
          {payer ? t('checkout.wallet.checkAgain') : t('checkout.wallet.connect')}
        </Button>
      ) : (
        <Button onClick={() => void pay()} loading={step === 'sending'} disabled={!preparation} className="w-full">
          {t('checkout.wallet.pay', { total })}
        </Button>
      )}
      {sent.length > 0 && (
        <ul aria-label={t('checkout.wallet.sentLabel')} className="space-y-1 text-sm text-slate-700 dark:text-slate-300">
          {sent.map((purpose, index) => (
            <li key={`${purpose}-${index}`}>✓ {t(purpose === 'approve' ? 'checkout.wallet.approvalSent' : 'checkout.wallet.paymentSent')}</li>
          ))}
        </ul>
      )}
      {error && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950 dark:text-red-300">
          {error}
        </p>
      )}
      {update.error && <ErrorMessage error={update.error} />}
    </section>
  );
}
