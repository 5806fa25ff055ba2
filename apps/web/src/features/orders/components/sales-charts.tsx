// The collection dashboard's charts, on recharts. This module is loaded only when a dashboard shows them
// (React.lazy in collection-sales-dashboard.tsx), so no other console page carries the library (ADR 107).
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useT } from '../../../lib/i18n/translate-context';
import type { Revenue, Sales } from '../types/order';

const tick = { fontSize: 12, fill: 'currentColor' };

function label(start: string, periodInMS: number): string {
  const date = new Date(start);
  return periodInMS < 86_400_000
    ? date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
    : date.toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
}

function ChartFrame({ title, summary, children }: { title: string; summary: string; children: React.ReactElement }) {
  return (
    <figure className="space-y-2 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <figcaption className="text-sm">
        <span className="font-semibold">{title}</span> <span className="text-slate-600 dark:text-slate-400">· {summary}</span>
      </figcaption>
      <div className="h-56 text-slate-600 dark:text-slate-400">
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

/** Revenue: one chart per currency and kind of money (test money is never drawn with real money). */
export function RevenueCharts({ revenue }: { revenue: Revenue }) {
  const t = useT();
  if (revenue.series.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">{t('dashboard.noRevenue')}</p>;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {revenue.series.map((series) => {
        const currency = series.currency.toUpperCase();
        const data = series.points.map((point) => ({ label: label(point.start, revenue.periodInMS), amount: Number(point.amount) }));
        const total = series.points.reduce((sum, point) => sum + Number(point.amount), 0);
        const title = series.test ? t('dashboard.revenueTest', { currency }) : t('dashboard.revenue', { currency });
        return (
          <ChartFrame key={`${series.currency}:${series.test}`} title={title} summary={t('dashboard.totalIn', { total: total.toLocaleString(), currency })}>
            <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} />
              <XAxis dataKey="label" tick={tick} minTickGap={16} />
              <YAxis tick={tick} width={48} />
              <Tooltip />
              <Bar dataKey="amount" name={currency} fill={series.test ? '#d97706' : '#4f46e5'} />
            </BarChart>
          </ChartFrame>
        );
      })}
    </div>
  );
}

/** Sales: NFTs sold per period, real and test money stacked in their own colours. */
export function SalesChart({ sales }: { sales: Sales }) {
  const t = useT();
  const data = sales.points.map((point) => ({ label: label(point.start, sales.periodInMS), nfts: point.nfts, testNfts: point.testNfts }));
  const nfts = sales.points.reduce((sum, point) => sum + point.nfts, 0);
  const testNfts = sales.points.reduce((sum, point) => sum + point.testNfts, 0);
  const orders = sales.points.reduce((sum, point) => sum + point.orders + point.testOrders, 0);
  return (
    <ChartFrame title={t('dashboard.sales')} summary={t('dashboard.salesSummary', { nfts, testNfts, orders })}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} />
        <XAxis dataKey="label" tick={tick} minTickGap={16} />
        <YAxis tick={tick} width={32} allowDecimals={false} />
        <Tooltip />
        <Legend />
        <Bar dataKey="nfts" stackId="nfts" name={t('dashboard.nftsSold')} fill="#4f46e5" />
        <Bar dataKey="testNfts" stackId="nfts" name={t('dashboard.testNftsSold')} fill="#d97706" />
      </BarChart>
    </ChartFrame>
  );
}
