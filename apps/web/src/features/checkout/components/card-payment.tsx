import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../../components/button';
import { ErrorMessage } from '../../../components/error-message';
import { TextField } from '../../../components/text-field';
import { useT } from '../../../lib/i18n/translate-context';
import { usePayByCard } from '../api/pay-card';
import { useTextFields } from '../hooks/use-text-fields';
import type { CardPreparation, Order, OrderHandle } from '../types/checkout';
import { StripePayment } from './stripe-payment';
import { TestLabel } from './test-label';

/** What each test card does (issue 14 item 10); other test numbers the processor lists succeed. */
const testCardOutcomes: Record<string, 'succeeds' | 'declined' | 'insufficientFunds' | 'confirmation'> = {
  '4242424242424242': 'succeeds',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficientFunds',
  '4000002760003184': 'confirmation',
};

function groupDigits(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Reads "MM/YY" or "MM/YYYY"; undefined when it is not a month and year. */
export function parseExpiry(text: string): { expMonth: number; expYear: number } | undefined {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return undefined;
  const expMonth = Number(match[1]);
  const year = Number(match[2]);
  if (expMonth < 1 || expMonth > 12) return undefined;
  return { expMonth, expYear: year < 100 ? 2000 + year : year };
}

/** The card payment's heading and, for a processor that moves no money, its TEST label. */
function CardSection({ preparation, children }: { preparation: CardPreparation; children: ReactNode }) {
  const t = useT();
  return (
    <section aria-labelledby="card-payment" className="space-y-4">
      <h2 id="card-payment" className="text-base font-semibold text-slate-900 dark:text-slate-100">
        {t('checkout.card.title')}
      </h2>
      {preparation.test && <TestLabel label={preparation.label} />}
      {children}
    </section>
  );
}

/**
 * The card form of the processor: with the built-in test processor, clearly labelled, with the test numbers; the
 * confirmation step (4000 0027 6000 3184) as Approve / Deny; a decline in the processor's words. With Stripe, its
 * Payment Element, loaded with `publishableKey` (the public checkout API's, else the order's preparation's).
 */
export function CardPayment({
  order,
  handle,
  total,
  publishableKey,
}: {
  order: Order;
  handle: OrderHandle;
  total: string;
  publishableKey?: string | undefined;
}) {
  const t = useT();
  const pay = usePayByCard(handle);
  const preparation = order.payment.preparation as CardPreparation | undefined;
  const { values, setErrors, bind } = useTextFields({ number: '', expiry: '', cvc: '' });

  if (!preparation) return <p className="text-sm text-slate-600 dark:text-slate-400">{t('checkout.card.unavailable')}</p>;
  if (preparation.processor === 'stripe') {
    const key = publishableKey ?? preparation.stripePublishableKey;
    return (
      <CardSection preparation={preparation}>
        {key && preparation.stripeClientSecret ? (
          <StripePayment order={order} handle={handle} total={total} publishableKey={key} clientSecret={preparation.stripeClientSecret} />
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('checkout.card.unavailable')}</p>
        )}
      </CardSection>
    );
  }

  const confirming = order.payment.status === 'in-progress' && Boolean(preparation.nextAction);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = values.number.replace(/\D/g, '');
    const parsedExpiry = parseExpiry(values.expiry);
    const cvc = values.cvc.trim();
    const found: { number?: string; expiry?: string; cvc?: string } = {};
    if (digits.length < 12 || digits.length > 19) found.number = t('checkout.card.errors.number');
    if (!parsedExpiry) found.expiry = t('checkout.card.errors.expiry');
    if (!/^\d{3,4}$/.test(cvc)) found.cvc = t('checkout.card.errors.cvc');
    setErrors(found);
    if (found.number || found.expiry || found.cvc || !parsedExpiry) return;
    pay.mutate({ card: { number: digits, ...parsedExpiry, cvc } });
  };

  return (
    <CardSection preparation={preparation}>
      {order.payment.status === 'failed' && order.payment.failure && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          <strong className="font-semibold">{t('checkout.card.declined')}</strong> {order.payment.failure.message}
        </p>
      )}
      {confirming ? (
        <div role="group" aria-labelledby="card-confirmation" className="space-y-3 rounded-md bg-indigo-50 p-4 dark:bg-indigo-950">
          <h3 id="card-confirmation" className="text-sm font-semibold text-slate-900 dark:text-slate-100">
            {t('checkout.card.confirmTitle')}
          </h3>
          <p className="text-sm text-slate-700 dark:text-slate-300">{t('checkout.card.confirmBody')}</p>
          <div className="flex gap-2">
            <Button loading={pay.isPending && pay.variables.authentication === 'approve'} onClick={() => pay.mutate({ authentication: 'approve' })}>
              {t('checkout.card.approve')}
            </Button>
            <Button variant="secondary" disabled={pay.isPending} onClick={() => pay.mutate({ authentication: 'deny' })}>
              {t('checkout.card.deny')}
            </Button>
          </div>
        </div>
      ) : (
        <form noValidate onSubmit={submit} aria-label={t('checkout.card.formLabel')} className="space-y-4">
          <TextField label={t('checkout.card.number')} inputMode="numeric" autoComplete="cc-number" placeholder="4242 4242 4242 4242" {...bind('number')} />
          <div className="grid grid-cols-2 gap-4">
            <TextField label={t('checkout.card.expiry')} autoComplete="cc-exp" placeholder="12/30" {...bind('expiry')} />
            <TextField label={t('checkout.card.cvc')} inputMode="numeric" autoComplete="cc-csc" placeholder="123" {...bind('cvc')} />
          </div>
          <Button type="submit" loading={pay.isPending} className="w-full">
            {t('checkout.card.pay', { total })}
          </Button>
        </form>
      )}
      {pay.error && <ErrorMessage error={pay.error} />}
      {preparation.testCards && (
        <details className="text-sm text-slate-700 dark:text-slate-300">
          <summary className="cursor-pointer font-medium">{t('checkout.card.testCards')}</summary>
          <ul className="mt-2 space-y-1">
            {preparation.testCards.map((card) => (
              <li key={card}>
                <span className="font-mono">{groupDigits(card)}</span>: {t(`checkout.card.outcome.${testCardOutcomes[card] ?? 'succeeds'}`)}
              </li>
            ))}
          </ul>
        </details>
      )}
    </CardSection>
  );
}
