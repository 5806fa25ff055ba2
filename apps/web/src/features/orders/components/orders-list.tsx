import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorMessage } from '../../../components/error-message';
import { SkeletonRows } from '../../../components/loading-state';
import { Pagination } from '../../../components/pagination';
import { TextField } from '../../../components/text-field';
import { buttonClassName, Button } from '../../../components/ui/button';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { DateTime } from '../../../components/ui/date-time';
import { SelectField } from '../../../components/ui/select';
import { useT } from '../../../lib/i18n/translate-context';
import { ORDERS_PER_PAGE, ordersExportUrl, useOrders } from '../api/get-orders';
import type { OrderFilters, OrderMoneyKind, OrderPaymentStatus, OrderPhase, OrderScope, OrderSummary } from '../types/order';
import { formatMoney, PaymentStatusBadge, PhaseBadge, TestMoneyBadge } from './order-badges';

const PHASES = ['quote', 'payment', 'delivery', 'completed'] as const satisfies readonly OrderPhase[];
const PAYMENT_STATUSES = ['unpaid', 'partial', 'succeeded', 'refund-pending', 'refunded'] as const satisfies readonly OrderPaymentStatus[];
const MONEY = ['live', 'test'] as const satisfies readonly OrderMoneyKind[];
const ANY = 'any';

function useOrderColumns(detailPath: (orderId: string) => string): DataColumn<OrderSummary>[] {
  const t = useT();
  return [
    {
      id: 'order',
      header: t('orders.order'),
      kind: 'primary',
      cell: (order) => (
        <Link
          to={detailPath(order.orderId)}
          aria-label={t('orders.openOrder', { id: order.orderId.slice(0, 8) })}
          className="font-mono font-medium text-indigo-700 hover:underline dark:text-indigo-300"
        >
          {order.orderId.slice(0, 8)}
        </Link>
      ),
    },
    { id: 'created', header: t('orders.created'), cell: (order) => <DateTime value={order.createdAt} className="text-slate-600 dark:text-slate-400" /> },
    { id: 'phase', header: t('orders.phaseHeading'), cell: (order) => <PhaseBadge phase={order.phase} /> },
    {
      id: 'payment',
      header: t('orders.paymentHeading'),
      cell: (order) => (
        <span className="flex flex-wrap gap-1">
          <PaymentStatusBadge status={order.paymentStatus} />
          {order.test && <TestMoneyBadge />}
        </span>
      ),
    },
    { id: 'recipient', header: t('orders.recipient'), cell: (order) => <span className="break-all">{order.recipient ?? '—'}</span>, wideInCard: true },
    { id: 'items', header: t('orders.items'), cell: (order) => `${order.quantity} · ${order.collections.map((c) => c.name).join(', ')}` },
    { id: 'total', header: t('orders.total'), cell: (order) => <span className="whitespace-nowrap tabular-nums">{formatMoney(order.total)}</span> },
  ];
}

/** The orders of the project or of one collection: search, filters, pages and the CSV export of what is shown. */
export function OrdersList({ scope, detailPath }: { scope: OrderScope; detailPath: (orderId: string) => string }) {
  const t = useT();
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<OrderFilters>({});
  const [page, setPage] = useState(1);
  const orders = useOrders(scope, filters, page);
  const columns = useOrderColumns(detailPath);
  const filtered = Object.values(filters).some((value) => value !== undefined);
  const pages = orders.data ? Math.max(1, Math.ceil(orders.data.total / ORDERS_PER_PAGE)) : undefined;

  function change(next: OrderFilters) {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    change({ q: search.trim() || undefined });
  }
  const select = <T extends string>(label: string, key: keyof OrderFilters, values: readonly T[], text: (value: T) => string) => (
    <SelectField
      label={label}
      value={filters[key] ?? ANY}
      onValueChange={(value) => change({ [key]: value === ANY ? undefined : value })}
      options={[{ value: ANY, label: t('orders.filter.any') }, ...values.map((value) => ({ value, label: text(value) }))]}
      fieldClassName="w-full sm:w-44"
    />
  );

  let content;
  if (orders.isPending) content = <SkeletonRows rows={4} label={t('orders.loading')} />;
  else if (orders.isError) content = <ErrorMessage error={orders.error} />;
  else if (orders.data.total === 0)
    content = filtered ? (
      <EmptyState title={t('orders.noMatches')} description={t('orders.noMatchesBody')} />
    ) : (
      <EmptyState title={t('orders.empty')} description={t('orders.emptyBody')} />
    );
  else
    content = (
      <DataTable caption={t('orders.caption')} columns={columns} rows={orders.data.orders} rowKey={(order) => order.orderId} busy={orders.isPlaceholderData} />
    );

  return (
    <section aria-labelledby="orders-list-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="orders-list-title" className="text-base font-semibold">
            {t('orders.listTitle')}
          </h2>
          {orders.data && <p className="text-sm text-slate-500">{t('orders.totalCount', { total: orders.data.total.toLocaleString() })}</p>}
        </div>
        <a href={ordersExportUrl(scope, filters)} download className={buttonClassName('secondary')}>
          {t('orders.exportCsv')}
        </a>
      </div>
      <form role="search" onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <TextField
          label={t('orders.search')}
          hint={t('orders.searchHint')}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="w-full sm:w-72"
          maxLength={200}
        />
        <Button type="submit" variant="secondary">
          {t('orders.searchButton')}
        </Button>
      </form>
      <div className="flex flex-wrap gap-3">
        {select(t('orders.filter.phase'), 'phase', PHASES, (value) => t(`orders.phase.${value}`))}
        {select(t('orders.filter.paymentStatus'), 'paymentStatus', PAYMENT_STATUSES, (value) => t(`orders.paymentStatus.${value}`))}
        {select(t('orders.filter.money'), 'money', MONEY, (value) => t(`orders.money.${value}`))}
      </div>
      {content}
      {orders.data && pages !== undefined && (
        <Pagination label={t('orders.pages')} page={page} pages={pages} busy={orders.isPlaceholderData} onPageChange={setPage} />
      )}
    </section>
  );
}
