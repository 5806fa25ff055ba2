import { lazy, Suspense, useMemo, useState } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import { SkeletonRows } from '../../../components/loading-state';
import { SelectField } from '../../../components/ui/select';
import { useT } from '../../../lib/i18n/translate-context';
import { lastDays, useRevenue, useSales } from '../api/get-dashboard';
import { OrderStats } from './order-stats';

// recharts loads with the dashboard only (ADR 107; scripts/bench/web.ts measures the console shell without it).
const RevenueCharts = lazy(() => import('./sales-charts').then((module) => ({ default: module.RevenueCharts })));
const SalesChart = lazy(() => import('./sales-charts').then((module) => ({ default: module.SalesChart })));

const RANGES = ['1', '7', '30', '90'] as const;

/** The collection dashboard's sales part: the orders stats, and the revenue and sales charts over a chosen range. */
export function CollectionSalesDashboard({ collectionId }: { collectionId: string }) {
  const t = useT();
  const [days, setDays] = useState<(typeof RANGES)[number]>('30');
  const window = useMemo(() => lastDays(Number(days)), [days]);
  const revenue = useRevenue(collectionId, window);
  const sales = useSales(collectionId, window);
  const loading = <SkeletonRows rows={3} label={t('dashboard.loading')} />;
  return (
    <div className="space-y-6">
      <OrderStats scope={{ collectionId }} />
      <section aria-labelledby="sales-charts-title" className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="sales-charts-title" className="text-base font-semibold">
            {t('dashboard.chartsTitle')}
          </h2>
          <SelectField
            label={t('dashboard.range')}
            value={days}
            onValueChange={(value) => setDays(value as (typeof RANGES)[number])}
            options={RANGES.map((value) => ({ value, label: t(value === '1' ? 'dashboard.range.day' : 'dashboard.range.days', { days: value }) }))}
            fieldClassName="w-44"
          />
        </div>
        <Suspense fallback={loading}>
          {revenue.isPending ? loading : revenue.isError ? <ErrorMessage error={revenue.error} /> : <RevenueCharts revenue={revenue.data} />}
          {sales.isPending ? loading : sales.isError ? <ErrorMessage error={sales.error} /> : <SalesChart sales={sales.data} />}
        </Suspense>
      </section>
    </div>
  );
}
