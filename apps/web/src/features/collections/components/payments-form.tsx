import { zodResolver } from '@hookform/resolvers/zod';
import { feesPayers, maxQuantityPerOrder, paymentsInputSchema, type PaymentsInput } from '@keepsake/wire/developer/collection-payments';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { SelectField } from '../../../components/select-field';
import { SettingCheckbox } from '../../../components/setting-checkbox';
import { TextField } from '../../../components/text-field';
import { useT } from '../../../lib/i18n/translate-context';
import { useChainPrice } from '../api/get-chain-price';
import { useUpdatePayments } from '../api/update-collection';
import type { Collection } from '../types/collection';
import { SaveFooter } from './save-footer';

/** Every setting is sent: the form shows them all (the wire's shape, with the defaults filled in). */
const formSchema = paymentsInputSchema.required();
type FormInput = z.input<typeof formSchema>;

function defaultsOf(collection: Collection): FormInput {
  const payments = collection.payments;
  return {
    price: payments?.price ?? '',
    currency: payments?.currency ?? collection.paymentCurrencies[0] ?? 'usd',
    recipientAddress: payments?.recipientAddress ?? '',
    feesPayer: payments?.feesPayer ?? 'buyer',
    enabled: payments?.enabled ?? true,
    hostedPage: payments?.hostedPage ?? false,
    allowDirectTemplateMinting: payments?.allowDirectTemplateMinting ?? false,
    quantityLimit: payments?.quantityLimit ?? maxQuantityPerOrder,
  };
}

/** Which rates convert the price at checkout: the dev rates are labelled as such (issue 14 item 2). */
function RatesNote({ chain }: { chain: string }) {
  const t = useT();
  const price = useChainPrice(chain);
  if (price.isPending) return <p className="text-sm text-slate-500">{t('collections.payments.ratesLoading')}</p>;
  if (price.isError) return <p className="text-sm text-slate-500">{t('collections.payments.ratesUnavailable')}</p>;
  const eth = price.data.prices[price.data.nativeCurrency]?.usd;
  return (
    <p className="text-sm text-slate-600 dark:text-slate-300">
      {price.data.source.dev ? <strong className="font-semibold text-amber-700 dark:text-amber-300">{t('collections.payments.devRates')} </strong> : null}
      {t('collections.payments.ratesNote', { coin: price.data.nativeCurrency.toUpperCase(), usd: eth ?? '?', source: price.data.source.label })}
    </p>
  );
}

/** `collections/{id}/payments`: the price and its currency, who receives it, who pays the fees, and how it is sold. */
export function PaymentsForm({ collection, canManage }: { collection: Collection; canManage: boolean }) {
  const t = useT();
  const update = useUpdatePayments(collection);
  const form = useForm<FormInput, unknown, PaymentsInput>({ resolver: zodResolver(formSchema), defaultValues: defaultsOf(collection) });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    await update.mutateAsync(values).then(
      (saved) => {
        form.reset(defaultsOf(saved));
        toast.success(t('collections.savedToast'));
      },
      () => undefined,
    );
  });
  const currencyOptions = collection.paymentCurrencies.map((code) => ({ value: code, label: code.toUpperCase() }));
  const feesOptions = feesPayers.map((payer) => ({ value: payer, label: t(`collections.payments.feesPayer.${payer}`) }));

  return (
    <form noValidate onSubmit={submit} aria-label={t('collections.tabs.payments')} className="max-w-xl space-y-6">
      {!collection.payments && <p className="text-sm text-slate-600 dark:text-slate-300">{t('collections.payments.notSelling')}</p>}
      <fieldset disabled={!canManage} className="space-y-6">
        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_10rem]">
          <TextField
            label={t('collections.payments.price')}
            inputMode="decimal"
            placeholder="10.00"
            required
            hint={t('collections.payments.priceHint')}
            error={errors.price?.message}
            {...form.register('price')}
          />
          <SelectField label={t('collections.payments.currency')} options={currencyOptions} error={errors.currency?.message} {...form.register('currency')} />
        </div>
        <TextField
          label={t('collections.payments.recipientAddress')}
          placeholder="0x…"
          required
          autoComplete="off"
          spellCheck={false}
          hint={t('collections.payments.recipientHint')}
          error={errors.recipientAddress?.message}
          {...form.register('recipientAddress')}
        />
        <SelectField label={t('collections.payments.feesPayerLabel')} options={feesOptions} error={errors.feesPayer?.message} {...form.register('feesPayer')} />
        <TextField
          label={t('collections.payments.quantityLimit')}
          type="number"
          min={1}
          max={maxQuantityPerOrder}
          hint={t('collections.payments.quantityLimitHint', { max: String(maxQuantityPerOrder) })}
          error={errors.quantityLimit?.message}
          {...form.register('quantityLimit', { valueAsNumber: true })}
        />
        <div className="space-y-3">
          <SettingCheckbox label={t('collections.payments.enabled')} hint={t('collections.payments.enabledHint')} {...form.register('enabled')} />
          <SettingCheckbox label={t('collections.payments.hostedPage')} hint={t('collections.payments.hostedPageHint')} {...form.register('hostedPage')} />
          <SettingCheckbox
            label={t('collections.payments.allowDirectTemplateMinting')}
            hint={t('collections.payments.allowDirectTemplateMintingHint')}
            {...form.register('allowDirectTemplateMinting')}
          />
        </div>
      </fieldset>
      {collection.payments?.hostedPage && collection.payments.enabled && (
        <p className="text-sm">
          <a
            href={`/checkout/${collection.id}`}
            target="_blank"
            rel="noreferrer"
            className="font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
          >
            {t('collections.payments.hostedPageLink')}
          </a>{' '}
          <span className="font-mono text-xs break-all text-slate-600 dark:text-slate-400">/checkout/{collection.id}</span>
        </p>
      )}
      <RatesNote chain={collection.chain} />
      <SaveFooter canManage={canManage} saving={form.formState.isSubmitting} error={update.error} />
    </form>
  );
}
