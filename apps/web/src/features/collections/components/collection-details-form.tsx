import { zodResolver } from '@hookform/resolvers/zod';
import { collectionDetailsFormSchema, type CollectionDetailsFormInput, type CollectionDetailsFormOutput } from '@keepsake/validation/collections';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { TextAreaField } from '../../../components/text-area-field';
import { TextField } from '../../../components/text-field';
import { useT } from '../../../lib/i18n/translate-context';
import { useUpdateCollectionDetails } from '../api/update-collection';
import type { Collection } from '../types/collection';
import { SaveFooter } from './save-footer';

function formValues(collection: Collection): CollectionDetailsFormInput {
  return {
    title: collection.metadata.name,
    description: collection.metadata.description,
    imageUrl: collection.metadata.imageUrl ?? '',
    ...collection.socialLinks,
  };
}

/** The collection's title, description and image, and its Twitter/X, Discord and website links (spec §3, §5). */
export function CollectionDetailsForm({ collection, canManage }: { collection: Collection; canManage: boolean }) {
  const t = useT();
  const update = useUpdateCollectionDetails(collection);
  const form = useForm<CollectionDetailsFormInput, unknown, CollectionDetailsFormOutput>({
    resolver: zodResolver(collectionDetailsFormSchema),
    defaultValues: formValues(collection),
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    await update.mutateAsync(values).then(
      (saved) => {
        // What the server kept (a bare handle, https links) replaces what was typed.
        form.reset(formValues(saved));
        toast.success(t('collections.savedToast'));
      },
      () => undefined,
    );
  });

  return (
    <form noValidate onSubmit={submit} aria-label={t('collections.tabs.details')} className="max-w-2xl space-y-6">
      <fieldset disabled={!canManage} className="space-y-6">
        <TextField label={t('collections.form.title')} required error={errors.title?.message} {...form.register('title')} />
        <TextAreaField label={t('collections.form.description')} required error={errors.description?.message} {...form.register('description')} />
        <TextField label={t('collections.form.imageUrl')} type="url" inputMode="url" error={errors.imageUrl?.message} {...form.register('imageUrl')} />
        <TextField
          label={t('collections.form.twitter')}
          placeholder="@handle"
          hint={t('collections.form.twitterHint')}
          error={errors.twitter?.message}
          {...form.register('twitter')}
        />
        <TextField
          label={t('collections.form.discord')}
          type="url"
          placeholder="https://discord.gg/…"
          error={errors.discord?.message}
          {...form.register('discord')}
        />
        <TextField label={t('collections.form.website')} type="url" placeholder="https://" error={errors.website?.message} {...form.register('website')} />
      </fieldset>
      <SaveFooter canManage={canManage} saving={form.formState.isSubmitting} error={update.error} />
    </form>
  );
}
