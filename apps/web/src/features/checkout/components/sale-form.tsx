import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { ErrorMessage } from '../../../components/error-message';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { useT } from '../../../lib/i18n/translate-context';
import { useCreateHostedOrder } from '../api/create-hosted-order';
import { useTextFields } from '../hooks/use-text-fields';
import { estimateTotal, formatMoney } from '../lib/money';
import type { HostedSale, OrderHandle } from '../types/checkout';
import { ChoiceGroup } from './choice-group';
import { MoneyRows } from './money-rows';
import { TestLabel } from './test-label';

type PayWith = 'card' | 'wallet';
type RecipientKind = 'email' | 'wallet';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const addressPattern = /^0x[0-9a-fA-F]{40}$/;

/** The buyer's choices before the quote: how many, who receives them, and how to pay. Creates the order. */
export function SaleForm({
  sale,
  locale,
  languageTag,
  onOrder,
}: {
  sale: HostedSale;
  locale: string;
  languageTag: string;
  onOrder: (handle: OrderHandle) => void;
}) {
  const t = useT();
  const create = useCreateHostedOrder(sale.collectionId);
  const [quantity, setQuantity] = useState(1);
  const [payWith, setPayWith] = useState<PayWith>(sale.card ? 'card' : 'wallet');
  const [recipientKind, setRecipientKind] = useState<RecipientKind>('email');
  const { values, setErrors, bind } = useTextFields({ recipient: '', receiptEmail: '' });

  const pricing = payWith === 'card' ? sale.card?.unitPrice : sale.crypto?.unitPrice;
  const estimate = pricing
    ? estimateTotal({
        unitPrice: pricing,
        quantity,
        feePercent: sale.feePercent,
        feesPayer: sale.feesPayer,
        flatFee: payWith === 'wallet' ? sale.crypto?.flatFee : undefined,
      })
    : undefined;
  const needsReceiptEmail = payWith === 'card' && recipientKind === 'wallet';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: { recipient?: string; receiptEmail?: string } = {};
    const value = values.recipient.trim();
    const receiptEmail = values.receiptEmail.trim();
    if (recipientKind === 'email' && !emailPattern.test(value)) found.recipient = t('checkout.errors.email');
    if (recipientKind === 'wallet' && !addressPattern.test(value)) found.recipient = t('checkout.errors.address');
    if (needsReceiptEmail && !emailPattern.test(receiptEmail)) found.receiptEmail = t('checkout.errors.receiptEmail');
    setErrors(found);
    if (found.recipient || found.receiptEmail) return;
    const payment =
      payWith === 'card'
        ? { method: 'card', currency: sale.card!.currency, ...(needsReceiptEmail ? { receiptEmail } : {}) }
        : { method: sale.crypto!.method, currency: sale.crypto!.currency };
    create.mutate(
      { quantity, locale, recipient: recipientKind === 'email' ? { email: value } : { walletAddress: value }, payment },
      { onSuccess: (created) => onOrder({ orderId: created.order.orderId, clientSecret: created.clientSecret }) },
    );
  };

  const payOptions = [
    ...(sale.card ? [{ value: 'card' as const, label: t('checkout.payWith.card'), hint: sale.card.processor.test ? t('checkout.testMoney') : undefined }] : []),
    ...(sale.crypto
      ? [
          {
            value: 'wallet' as const,
            label: t('checkout.payWith.wallet', { currency: sale.crypto.currency.toUpperCase() }),
            hint: sale.crypto.test ? t('checkout.testMoney') : undefined,
          },
        ]
      : []),
  ];

  return (
    <form noValidate onSubmit={submit} aria-label={t('checkout.formLabel')} className="space-y-6">
      <SelectField
        label={t('checkout.quantity')}
        hint={t('checkout.quantityHint', { max: String(sale.quantityLimit) })}
        value={String(quantity)}
        onChange={(event) => setQuantity(Number(event.target.value))}
        options={Array.from({ length: sale.quantityLimit }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }))}
      />
      {payOptions.length === 0 ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {t('checkout.noPaymentMethods')}
        </p>
      ) : (
        <ChoiceGroup legend={t('checkout.payWith.legend')} name="pay-with" value={payWith} options={payOptions} onChange={setPayWith} />
      )}
      <ChoiceGroup
        legend={t('checkout.recipient.legend')}
        name="recipient"
        value={recipientKind}
        options={[
          { value: 'email', label: t('checkout.recipient.email'), hint: t('checkout.recipient.emailHint') },
          { value: 'wallet', label: t('checkout.recipient.wallet'), hint: t('checkout.recipient.walletHint') },
        ]}
        onChange={(kind) => {
          setRecipientKind(kind);
          setErrors({});
        }}
      />
      {recipientKind === 'email' ? (
        <TextField key="email" label={t('checkout.recipient.emailLabel')} type="email" autoComplete="email" {...bind('recipient')} />
      ) : (
        <TextField key="wallet" label={t('checkout.recipient.walletLabel')} placeholder="0x…" autoComplete="off" spellCheck={false} {...bind('recipient')} />
      )}
      {needsReceiptEmail && (
        <TextField label={t('checkout.receiptEmail')} hint={t('checkout.receiptEmailHint')} type="email" autoComplete="email" {...bind('receiptEmail')} />
      )}
      {estimate && (
        <MoneyRows
          label={t('checkout.estimateLabel')}
          rows={[
            { label: t('checkout.subtotal', { quantity: String(quantity) }), value: formatMoney(estimate.subtotal, languageTag) },
            {
              label: sale.feesPayer === 'buyer' ? t('checkout.fees') : t('checkout.feesIncluded'),
              value: formatMoney(estimate.fees, languageTag),
            },
            { label: t('checkout.estimatedTotal'), value: formatMoney(estimate.total, languageTag), total: true },
          ]}
        />
      )}
      {sale.devRates && <p className="text-xs text-slate-600 dark:text-slate-400">{t('checkout.devRates')}</p>}
      {payWith === 'card' && sale.card?.processor.test && <TestLabel label={sale.card.processor.label} />}
      {create.error && <ErrorMessage error={create.error} />}
      <Button type="submit" loading={create.isPending} disabled={payOptions.length === 0} className="w-full">
        {t('checkout.continue')}
      </Button>
    </form>
  );
}
