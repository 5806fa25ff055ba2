import { Image } from '../../../components/ui/image';
import { useT } from '../../../lib/i18n/translate-context';
import { formatMoney } from '../lib/money';
import type { Money } from '../types/checkout';

/** The collection as its seller branded it: banner, image, name, description, and the price of one NFT. */
export function CollectionPanel({
  collectionId,
  name,
  description,
  imageUrl,
  bannerUrl,
  primaryColor,
  unitPrice,
  alternativePrice,
  languageTag,
}: {
  collectionId: string;
  name: string;
  description: string;
  imageUrl?: string | undefined;
  bannerUrl?: string | undefined;
  primaryColor?: string | undefined;
  unitPrice?: Money | undefined;
  alternativePrice?: Money | undefined;
  languageTag: string;
}) {
  const t = useT();
  return (
    <section
      aria-labelledby="checkout-collection"
      className="self-start overflow-hidden rounded-xl bg-slate-50 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <div className="h-2" style={{ backgroundColor: primaryColor ?? '#4f46e5' }} aria-hidden="true" />
      {bannerUrl && <img src={bannerUrl} alt="" className="h-32 w-full object-cover" />}
      <div className="space-y-4 p-5">
        <div className="flex items-start gap-4 lg:block">
          <Image src={imageUrl} alt={name} seed={collectionId} className="aspect-square w-24 shrink-0 rounded-lg sm:w-32 lg:mb-4 lg:w-full lg:max-w-xs" />
          <div className="min-w-0">
            <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">{t('checkout.eyebrow')}</p>
            <h1 id="checkout-collection" className="mt-1 text-2xl font-bold break-words text-slate-900 dark:text-white">
              {name}
            </h1>
            {description && <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{description}</p>}
          </div>
        </div>
        {unitPrice && (
          <p className="text-lg text-slate-900 dark:text-slate-100">
            <span className="font-semibold">{formatMoney(unitPrice, languageTag)}</span>{' '}
            <span className="text-sm text-slate-600 dark:text-slate-400">{t('checkout.perNft')}</span>
            {alternativePrice && (
              <span className="block text-sm text-slate-600 dark:text-slate-400">
                {t('checkout.orWithWallet', { price: formatMoney(alternativePrice, languageTag) })}
              </span>
            )}
          </p>
        )}
      </div>
    </section>
  );
}
