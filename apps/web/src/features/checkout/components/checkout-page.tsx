import { EmptyState } from '../../../components/empty-state';
import { LoadingState } from '../../../components/loading-state';
import { ApiError, formatError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/translate-context';
import { useLocale } from '../../../lib/locale/locale-provider';
import { languageTag as languageTagOf } from '../../../lib/locale/locale-resolution';
import { useHostedSale } from '../api/get-hosted-sale';
import type { OrderHandle } from '../types/checkout';
import { CollectionPanel } from './collection-panel';
import { OrderView } from './order-view';
import { SaleForm } from './sale-form';

/**
 * The hosted sales page (issue 14 item 16): the collection, the buyer's choices, then the order until delivery.
 * With `handle` (an order created by the page, or by the Orders API and passed in the URL) it follows that order.
 */
export function CheckoutPage({
  collectionId,
  handle,
  onOrder,
}: {
  collectionId: string;
  handle: OrderHandle | undefined;
  onOrder: (handle: OrderHandle) => void;
}) {
  const t = useT();
  const { locale, currency } = useLocale();
  const tag = languageTagOf(locale);
  const sale = useHostedSale(collectionId, currency);

  if (sale.isPending) return <LoadingState label={t('checkout.loading')} />;
  if (sale.isError && !handle) {
    const status = sale.error instanceof ApiError ? sale.error.status : 0;
    const title = status === 404 ? t('checkout.notFound') : status === 403 ? t('checkout.notSelling') : t('checkout.loadFailed');
    return (
      <div className="mx-auto w-full max-w-xl px-4 py-16">
        <EmptyState title={title} description={sale.error instanceof ApiError && status !== 0 ? sale.error.message : formatError(sale.error)} />
      </div>
    );
  }
  const data = sale.data;
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      {data ? (
        <CollectionPanel
          collectionId={data.collectionId}
          name={data.name}
          description={data.description}
          imageUrl={data.imageUrl}
          bannerUrl={data.branding.bannerUrl}
          primaryColor={data.branding.primaryColor}
          unitPrice={data.card?.unitPrice ?? data.crypto?.unitPrice}
          alternativePrice={data.card ? data.crypto?.unitPrice : undefined}
          languageTag={tag}
        />
      ) : (
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{t('checkout.orderTitle')}</h1>
      )}
      <div className="min-w-0 self-start rounded-xl p-5 ring-1 ring-slate-200 dark:ring-slate-800">
        {handle ? (
          <OrderView collectionId={collectionId} handle={handle} sale={data} languageTag={tag} />
        ) : (
          <SaleForm sale={data!} locale={locale} languageTag={tag} onOrder={onOrder} />
        )}
      </div>
    </div>
  );
}
