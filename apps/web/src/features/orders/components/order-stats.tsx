import { ErrorMessage } from '../../../components/error-message';
import { Stat } from '../../../components/stat';
import { SkeletonRows } from '../../../components/loading-state';
import { useT } from '../../../lib/i18n/translate-context';
import { useOrderStats } from '../api/get-orders';
import type { OrderScope } from '../types/order';
import { TestMoneyBadge } from './order-badges';

/** The orders at a glance: counts by phase, and the money per currency (test money on its own line). */
export function OrderStats({ scope }: { scope: OrderScope }) {
  const t = useT();
  const stats = useOrderStats(scope);
  if (stats.isPending) return <SkeletonRows rows={2} label={t('orders.loadingStats')} />;
  if (stats.isError) return <ErrorMessage error={stats.error} />;
  const { orders, phases, paid, refunded, revenue } = stats.data;
  return (
    <section aria-labelledby="order-stats-title" className="space-y-4">
      <h2 id="order-stats-title" className="text-base font-semibold">
        {t('orders.statsTitle')}
      </h2>
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Stat label={t('orders.stats.orders')} value={orders.toLocaleString()} />
        <Stat label={t('orders.stats.paid')} value={paid.toLocaleString()} />
        <Stat label={t('orders.stats.completed')} value={phases.completed.toLocaleString()} />
        <Stat label={t('orders.stats.refunded')} value={refunded.toLocaleString()} />
      </dl>
      {revenue.length > 0 && (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('orders.revenueCaption')}</caption>
          <thead className="text-slate-600 dark:text-slate-400">
            <tr>
              <th scope="col" className="py-1 pr-4 font-medium">
                {t('orders.currency')}
              </th>
              <th scope="col" className="py-1 pr-4 font-medium">
                {t('orders.gross')}
              </th>
              <th scope="col" className="py-1 pr-4 font-medium">
                {t('orders.fees')}
              </th>
              <th scope="col" className="py-1 pr-4 font-medium">
                {t('orders.sellerNet')}
              </th>
              <th scope="col" className="py-1 font-medium">
                {t('orders.refunded')}
              </th>
            </tr>
          </thead>
          <tbody className="tabular-nums">
            {revenue.map((row) => (
              <tr key={`${row.currency}:${row.test}`} className="border-t border-slate-200 dark:border-slate-800">
                <th scope="row" className="py-1 pr-4 font-medium">
                  <span className="flex flex-wrap items-center gap-2">
                    {row.currency.toUpperCase()} {row.test && <TestMoneyBadge />}
                  </span>
                </th>
                <td className="py-1 pr-4">{row.gross}</td>
                <td className="py-1 pr-4">{row.fees}</td>
                <td className="py-1 pr-4">{row.sellerNet}</td>
                <td className="py-1">{row.refunded}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
