import { zodResolver } from '@hookform/resolvers/zod';
import {
  collectionFormSchema,
  collectionMessages,
  maxSymbolLength,
  type CollectionFormInput,
  type CollectionFormOutput,
} from '@keepsake/validation/collections';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '../../../components/button';
import { ErrorMessage } from '../../../components/error-message';
import { SkeletonRows } from '../../../components/loading-state';
import { SelectField } from '../../../components/select-field';
import { TextAreaField } from '../../../components/text-area-field';
import { TextField } from '../../../components/text-field';
import { serverFieldError } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n/translate-context';
import { useCreateCollection } from '../api/create-collection';
import { useChains } from '../api/get-chains';
import type { Collection, DeployableChain } from '../types/collection';

/** The server's refusals that are about one field (the same spec §5 messages the form's schema uses). */
const SERVER_FIELD_MESSAGES = {
  title: [collectionMessages.nameEmpty, collectionMessages.nameTooLong],
  description: [collectionMessages.descriptionEmpty, collectionMessages.descriptionTooLong],
  imageUrl: [collectionMessages.imageUrl],
  symbol: [collectionMessages.symbol],
  supplyLimit: [collectionMessages.supplyLimit],
} as const;

/**
 * How a chain reads in the select: short enough for a phone's width; what kind of chain it is (the devnet: a chain
 * on this machine, never a public testnet) is the hint under the select.
 */
function useChainLabel() {
  const t = useT();
  return (chain: DeployableChain) => t(`collections.chainLabel.${chain.chainKind}`, { name: chain.chainName, id: chain.chainId });
}

/**
 * The create-collection flow (spec §3 "Collection form" with the §5 rules): title (labelled "Name", as the
 * spec's message "Name cannot be empty" calls it), description, image URL,
 * symbol, chain, fungibility and supply limit. The validation is the server's own schema.
 */
export function CreateCollectionForm({ projectId, onCreated }: { projectId: string; onCreated: (collection: Collection) => void }) {
  const t = useT();
  const chains = useChains();
  if (chains.isPending) return <SkeletonRows rows={4} label={t('collections.loadingChains')} />;
  if (chains.isError) return <ErrorMessage error={chains.error} />;
  if (chains.data.length === 0) return <p role="alert">{t('collections.noChains')}</p>;
  return <CollectionFields projectId={projectId} chains={chains.data} onCreated={onCreated} />;
}

function CollectionFields({ projectId, chains, onCreated }: { projectId: string; chains: DeployableChain[]; onCreated: (collection: Collection) => void }) {
  const t = useT();
  const chainLabel = useChainLabel();
  const create = useCreateCollection(projectId);
  const form = useForm<CollectionFormInput, unknown, CollectionFormOutput>({
    resolver: zodResolver(collectionFormSchema),
    defaultValues: { title: '', description: '', imageUrl: '', symbol: '', chain: chains[0]!.chain, fungibility: 'non-fungible', supplyLimit: '' },
  });
  const errors = form.formState.errors;
  const fungibility = useWatch({ control: form.control, name: 'fungibility' });
  const chainKey = useWatch({ control: form.control, name: 'chain' });
  const chosenChain = chains.find((chain) => chain.chain === chainKey);

  const submit = form.handleSubmit(async (values) => {
    await create.mutateAsync(values).then(onCreated, (error: unknown) => {
      const onField = serverFieldError(error, SERVER_FIELD_MESSAGES);
      if (onField) form.setError(onField.field, { type: 'server', message: onField.message }, { shouldFocus: true });
    });
  });
  const bannerError = create.error && !serverFieldError(create.error, SERVER_FIELD_MESSAGES) ? create.error : null;

  return (
    <form noValidate onSubmit={submit} aria-labelledby="create-collection-title" className="max-w-2xl space-y-6">
      <h2 id="create-collection-title" className="sr-only">
        {t('collections.createTitle')}
      </h2>
      <TextField label={t('collections.form.title')} autoComplete="off" required error={errors.title?.message} {...form.register('title')} />
      <TextAreaField label={t('collections.form.description')} required error={errors.description?.message} {...form.register('description')} />
      <TextField
        label={t('collections.form.imageUrl')}
        type="url"
        inputMode="url"
        placeholder="https://"
        hint={t('collections.form.imageUrlHint')}
        error={errors.imageUrl?.message}
        {...form.register('imageUrl')}
      />
      <TextField
        label={t('collections.form.symbol')}
        hint={t('collections.form.symbolHint')}
        maxLength={maxSymbolLength}
        error={errors.symbol?.message}
        {...form.register('symbol')}
      />
      <SelectField
        label={t('collections.form.chain')}
        options={chains.map((chain) => ({ value: chain.chain, label: chainLabel(chain) }))}
        hint={chosenChain ? t(`collections.chainHint.${chosenChain.chainKind}`) : undefined}
        error={errors.chain?.message}
        {...form.register('chain')}
      />
      <fieldset>
        <legend className="text-sm font-medium">{t('collections.form.fungibility')}</legend>
        <div className="mt-2 space-y-2">
          {(['non-fungible', 'semi-fungible'] as const).map((value) => (
            <label key={value} className="flex items-start gap-2 text-sm">
              <input type="radio" value={value} className="mt-0.5 size-4 accent-indigo-600" {...form.register('fungibility')} />
              <span>
                <span className="font-medium">{t(`collections.fungibility.${value}`)}</span>
                <span className="block text-xs text-slate-600 dark:text-slate-400">{t(`collections.fungibilityHint.${value}`)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {fungibility === 'non-fungible' && (
        <TextField
          label={t('collections.form.supplyLimit')}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          hint={t('collections.form.supplyLimitHint')}
          error={errors.supplyLimit?.message}
          {...form.register('supplyLimit')}
        />
      )}
      {bannerError && <ErrorMessage error={bannerError} />}
      <Button type="submit" loading={form.formState.isSubmitting}>
        {t('collections.create')}
      </Button>
    </form>
  );
}
