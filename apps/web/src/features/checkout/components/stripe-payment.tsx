import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { useT } from '../../../lib/i18n/translate-context';
import { checkoutOrderQueryKey } from '../api/get-order';
import { confirmWithPaymentElement, mountPaymentElement, stripeAppearance, type MountedPaymentElement } from '../lib/stripe';
import type { Order, OrderHandle } from '../types/checkout';

type Load = 'loading' | 'ready' | 'failed';

/**
 * Stripe's Payment Element (ADR 121): Stripe.js with the deployment's publishable key, the element for the order's
 * PaymentIntent, and `confirmPayment`. The card goes from the buyer's browser to Stripe only; the order moves on when
 * Stripe's signed webhook reaches the server, which the page sees by reading the order.
 */
export function StripePayment({
  order,
  handle,
  total,
  publishableKey,
  clientSecret,
}: {
  order: Order;
  handle: OrderHandle;
  total: string;
  publishableKey: string;
  clientSecret: string;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const container = useRef<HTMLDivElement>(null);
  const mounted = useRef<MountedPaymentElement | undefined>(undefined);
  const [load, setLoad] = useState<Load>('loading');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState(false);

  useEffect(() => {
    let cancelled = false;
    const target = container.current;
    if (!target) return;
    setLoad('loading');
    mountPaymentElement(publishableKey, clientSecret, target, stripeAppearance(document.documentElement.dataset.theme))
      .then((result) => {
        if (cancelled) return result.element.destroy();
        mounted.current = result;
        setLoad('ready');
      })
      .catch(() => !cancelled && setLoad('failed'));
    return () => {
      cancelled = true;
      mounted.current?.element.destroy();
      mounted.current = undefined;
    };
  }, [publishableKey, clientSecret]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!mounted.current) return;
    setError(undefined);
    setSubmitting(true);
    try {
      const refused = await confirmWithPaymentElement(mounted.current, window.location.href);
      if (refused) setError(refused);
      else setSent(true);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setSubmitting(false);
      void queryClient.invalidateQueries({ queryKey: checkoutOrderQueryKey(handle.orderId) });
    }
  };

  // A decline the page saw itself, else the one the order recorded from Stripe's webhook (after a reload).
  const declined = error ?? (order.payment.status === 'failed' && !sent ? order.payment.failure?.message : undefined);
  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={t('checkout.card.stripeFormLabel')} className="space-y-4">
      {declined && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          <strong className="font-semibold">{t('checkout.card.declined')}</strong> {declined}
        </p>
      )}
      {load === 'loading' && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          {t('checkout.card.stripeLoading')}
        </p>
      )}
      {load === 'failed' && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {t('checkout.card.stripeFailed')}
        </p>
      )}
      <div ref={container} data-testid="stripe-payment-element" />
      {sent && !error ? (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          {t('checkout.card.stripeSent')}
        </p>
      ) : (
        <Button type="submit" loading={submitting} disabled={load !== 'ready'} className="w-full">
          {t('checkout.card.pay', { total })}
        </Button>
      )}
    </form>
  );
}
