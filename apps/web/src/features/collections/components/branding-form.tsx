import { zodResolver } from '@hookform/resolvers/zod';
import { brandingSchema, type Branding, type BrandingInput } from '@keepsake/validation/collections';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { TextField } from '../../../components/text-field';
import { useT } from '../../../lib/i18n/translate-context';
import { useUpdateBranding } from '../api/update-collection';
import type { Collection } from '../types/collection';
import { SaveFooter } from './save-footer';

const hex = /^#[0-9a-fA-F]{6}$/;

/** What a collection page needs to carry its brand: a banner and two colors, with a live preview. */
export function BrandingForm({ collection, canManage }: { collection: Collection; canManage: boolean }) {
  const t = useT();
  const update = useUpdateBranding(collection);
  const form = useForm<BrandingInput, unknown, Branding>({ resolver: zodResolver(brandingSchema), defaultValues: collection.branding });
  const errors = form.formState.errors;
  const [primary, background, banner] = useWatch({ control: form.control, name: ['primaryColor', 'backgroundColor', 'bannerUrl'] });
  const submit = form.handleSubmit(async (values) => {
    await update.mutateAsync(values).then(
      (saved) => {
        form.reset(saved.branding);
        toast.success(t('collections.savedToast'));
      },
      () => undefined,
    );
  });

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <form noValidate onSubmit={submit} aria-label={t('collections.tabs.branding')} className="max-w-xl space-y-6">
        <fieldset disabled={!canManage} className="space-y-6">
          <TextField
            label={t('collections.branding.banner')}
            type="url"
            placeholder="https://"
            hint={t('collections.branding.bannerHint')}
            error={errors.bannerUrl?.message}
            {...form.register('bannerUrl')}
          />
          <TextField
            label={t('collections.branding.primaryColor')}
            placeholder="#4f46e5"
            error={errors.primaryColor?.message}
            {...form.register('primaryColor')}
          />
          <TextField
            label={t('collections.branding.backgroundColor')}
            placeholder="#ffffff"
            error={errors.backgroundColor?.message}
            {...form.register('backgroundColor')}
          />
        </fieldset>
        <SaveFooter canManage={canManage} saving={form.formState.isSubmitting} error={update.error} />
      </form>
      <figure aria-label={t('collections.branding.preview')} className="overflow-hidden rounded-lg border border-slate-200 dark:border-slate-800">
        <div
          className="h-24 bg-slate-200 bg-cover bg-center"
          style={banner && /^https?:\/\//.test(banner) ? { backgroundImage: `url("${banner}")` } : undefined}
        />
        <div className="space-y-2 p-4" style={{ backgroundColor: background && hex.test(background) ? background : undefined }}>
          <p className="font-semibold">{collection.metadata.name}</p>
          <span
            className="inline-block rounded-md px-3 py-1.5 text-sm font-semibold text-white"
            style={{ backgroundColor: primary && hex.test(primary) ? primary : '#4f46e5' }}
          >
            {t('collections.branding.sampleButton')}
          </span>
        </div>
        <figcaption className="sr-only">{t('collections.branding.preview')}</figcaption>
      </figure>
    </div>
  );
}
