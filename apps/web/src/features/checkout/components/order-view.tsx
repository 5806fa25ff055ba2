import { useEffect, useState } from 'react';
import { AppLink } from '../../../components/app-link';
import { Button, buttonClassName } from '../../../components/button';
import { ErrorMessage } from '../../../components/error-message';
import { LoadingState } from '../../../components/loading-state';
import { useT } from '../../../lib/i18n/translate-context';
import { useCheckoutOrder } from '../api/get-order';
import { useUpdateCheckoutOrder } from '../api/update-order';
import { formatMoney } from '../lib/money';
import { progressOf, quoteTimeLeft } from '../lib/progress';
import type { HostedSale, Order, OrderHandle } from '../types/checkout';
import { CardPayment } from './card-payment';
import { MoneyRows } from './money-rows';
import { ProgressSteps } from './progress-steps';
import { WalletPayment } from './wallet-payment';

/** Ticks once a second while `on`: the quote's countdown. */
function useNow(on: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [on]);
  return now;
}

/**
 * When the page first saw each quote (by its quotedAt), by the page's own clock (`now`, the ticking clock): state
 * derived during render, the pattern React documents for information from earlier renders.
 */
function useQuoteFirstSeen(order: Order | undefined, now: number): number {
  const [seen, setSeen] = useState<{ quotedAt: string; at: number } | null>(null);
  if (order && seen?.quotedAt !== order.quote.quotedAt) setSeen({ quotedAt: order.quote.quotedAt, at: now });
  return seen?.at ?? now;
}

function minutesAndSeconds(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The order from its quote to its delivery: the money, the steps, the payment, and the outcome. */
export function OrderView({
  collectionId,
  handle,
  sale,
  languageTag,
}: {
  collectionId: string;
  handle: OrderHandle;
  sale: HostedSale | undefined;
  languageTag: string;
}) {
  const t = useT();
  const order = useCheckoutOrder(handle);
  const refresh = useUpdateCheckoutOrder(handle);
  const [refreshedAt, setRefreshedAt] = useState(0);
  const inPayment = order.data?.phase === 'payment';
  const now = useNow(inPayment);
  const firstSeen = useQuoteFirstSeen(order.data, now);
  const timeLeft = order.data ? quoteTimeLeft(order.data, Math.max(firstSeen, refreshedAt), now) : 0;
  const progress = order.data ? progressOf(order.data, inPayment && timeLeft <= 0 && order.data.payment.status !== 'in-progress') : undefined;

  if (order.isPending) return <LoadingState label={t('checkout.loadingOrder')} />;
  if (order.isError) return <ErrorMessage error={order.error} />;
  const data = order.data;
  const { state } = progress!;
  const fmt = (money: { amount: string; currency: string }) => formatMoney(money, languageTag);
  const total = fmt(data.quote.totalPrice);

  const refreshQuote = () =>
    refresh.mutate(
      { locale: data.locale },
      {
        onSuccess: () => setRefreshedAt(Date.now()),
      },
    );

  return (
    <div className="space-y-6">
      <ProgressSteps progress={progress!} />
      <MoneyRows
        label={t('checkout.quoteLabel')}
        rows={[
          ...data.lineItems.map((item) => ({ label: `${item.metadata.name} × ${item.quantity}`, value: fmt(item.quote.totalPrice) })),
          { label: data.quote.charges.feesPayer === 'buyer' ? t('checkout.fees') : t('checkout.feesIncluded'), value: fmt(data.quote.charges.fees) },
          { label: t('checkout.total'), value: total, total: true },
        ]}
      />
      {state === 'awaiting-payment' || state === 'payment-failed' || state === 'confirming' ? (
        <>
          {data.payment.status !== 'in-progress' && (
            <p className="text-xs text-slate-600 dark:text-slate-400">{t('checkout.quoteHeld', { time: minutesAndSeconds(timeLeft) })}</p>
          )}
          {data.payment.method === 'card' ? (
            <CardPayment order={data} handle={handle} total={total} publishableKey={sale?.card?.processor.publishableKey} />
          ) : (
            <WalletPayment order={data} handle={handle} crypto={sale?.crypto ?? null} total={total} />
          )}
        </>
      ) : null}
      {state === 'expired' && (
        <div role="alert" className="space-y-3 rounded-md bg-amber-50 p-4 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
          <p className="font-semibold">{t('checkout.expired.title')}</p>
          <p>{t('checkout.expired.body')}</p>
          <Button onClick={refreshQuote} loading={refresh.isPending}>
            {t('checkout.expired.refresh')}
          </Button>
        </div>
      )}
      {refresh.error && <ErrorMessage error={refresh.error} />}
      {state === 'unavailable' && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950 dark:text-red-300">
          {t('checkout.unavailable')}
        </p>
      )}
      {state === 'needs-quote' && <p className="text-sm text-slate-700 dark:text-slate-300">{t('checkout.needsRecipient')}</p>}
      {state === 'delivering' && (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          {t('checkout.delivering')}
        </p>
      )}
      {(state === 'delivered' || state === 'delivery-failed') && <OrderOutcome order={data} collectionId={collectionId} tokenExplorer={sale?.tokenExplorer} />}
    </div>
  );
}

/** Where a delivered token can be seen: its block explorer page, else its metadata (the contract's tokenURI, ADR 121). */
export function tokenHref(token: { contractAddress: string; tokenId: string }, collectionId: string, tokenExplorer: string | null | undefined): string {
  return tokenExplorer
    ? tokenExplorer.replace('{contractAddress}', token.contractAddress).replace('{tokenId}', token.tokenId)
    : `/api/metadata/${encodeURIComponent(collectionId)}/${encodeURIComponent(token.tokenId)}`;
}

/** The success screen (or the refund of what could not be delivered), with a link to each token and where to see them. */
function OrderOutcome({ order, collectionId, tokenExplorer }: { order: Order; collectionId: string; tokenExplorer: string | null | undefined }) {
  const t = useT();
  const delivered = order.lineItems.flatMap((item) => item.delivery.tokens.map((token) => ({ ...token, name: item.metadata.name })));
  const failed = order.lineItems.some((item) => item.delivery.status === 'failed');
  const toEmail = order.lineItems.some((item) => item.delivery.recipient?.email);
  const wallet = order.lineItems.find((item) => item.delivery.recipient?.walletAddress && !item.delivery.recipient.email)?.delivery.recipient?.walletAddress;
  return (
    <section aria-labelledby="checkout-outcome" className="space-y-3 rounded-md bg-green-50 p-4 text-sm text-green-900 dark:bg-green-950 dark:text-green-100">
      <h2 id="checkout-outcome" className="text-lg font-semibold">
        {failed ? t('checkout.outcome.partial') : t('checkout.outcome.success')}
      </h2>
      {failed && <p>{t('checkout.outcome.refunded')}</p>}
      {delivered.length > 0 && (
        <ul aria-label={t('checkout.outcome.tokens')} className="space-y-2">
          {delivered.map((token) => (
            <li key={token.locator} className="space-y-0.5">
              <a
                href={tokenHref(token, collectionId, tokenExplorer)}
                target="_blank"
                rel="noreferrer"
                className="font-medium text-green-900 underline underline-offset-2 hover:no-underline dark:text-green-100"
              >
                {tokenExplorer
                  ? t('checkout.outcome.tokenOnExplorer', { name: token.name, tokenId: token.tokenId })
                  : t('checkout.outcome.tokenMetadata', { name: token.name, tokenId: token.tokenId })}
              </a>
              <span className="block font-mono text-xs break-all text-green-800 dark:text-green-200">
                {t('checkout.outcome.token', { tokenId: token.tokenId, contract: token.contractAddress })}
              </span>
            </li>
          ))}
        </ul>
      )}
      {toEmail ? (
        <AppLink href="/user/collection" className={buttonClassName('primary')}>
          {t('checkout.outcome.seeCollection')}
        </AppLink>
      ) : (
        <p>
          {wallet ? (
            <>
              {t('checkout.outcome.inWalletAddress')} <span className="font-mono break-all">{wallet}</span>
            </>
          ) : (
            t('checkout.outcome.inWallet')
          )}
        </p>
      )}
    </section>
  );
}
