import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { LoadingState } from '../../../components/loading-state';
import { Badge } from '../../../components/ui/badge';
import { CopyableValue } from '../../../components/ui/copyable-value';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { DateTime } from '../../../components/ui/date-time';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/translate-context';
import { useOrder } from '../api/get-orders';
import type { OrderDetail, OrderScope } from '../types/order';
import { formatMoney, PaymentStatusBadge, PhaseBadge, TestMoneyBadge } from './order-badges';

type LineItem = OrderDetail['lineItems'][number];
type Payment = OrderDetail['payments'][number];

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <h2 id={id} className="text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Fields({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function useItemColumns(): DataColumn<LineItem>[] {
  const t = useT();
  return [
    { id: 'name', header: t('orders.item'), kind: 'primary', cell: (item) => <span className="font-medium">{item.name}</span> },
    { id: 'collection', header: t('orders.collection'), cell: (item) => item.collectionName },
    { id: 'quantity', header: t('orders.quantity'), cell: (item) => item.quantity },
    { id: 'unit', header: t('orders.unitPrice'), cell: (item) => formatMoney(item.unitPrice) },
    { id: 'total', header: t('orders.total'), cell: (item) => formatMoney(item.totalPrice) },
  ];
}

function PaymentRecord({ payment }: { payment: Payment }) {
  const t = useT();
  return (
    <li className="space-y-2 rounded-md bg-slate-50 p-3 dark:bg-slate-900">
      <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
        {formatMoney(payment.amount)} <Badge>{t(`orders.paymentStatus.${payment.status}`)}</Badge>
        {payment.test && <TestMoneyBadge />}
      </p>
      <Fields
        rows={[
          [t('orders.method'), payment.card ? `${payment.method} · ${payment.card.brand} •••• ${payment.card.last4}` : payment.method],
          [t('orders.reference'), <CopyableValue key="ref" value={payment.reference} copyLabel={t('orders.copyReference')} />],
          [t('orders.received'), <DateTime key="at" value={payment.receivedAt} />],
          ...(payment.refund
            ? ([
                [t('orders.refund'), `${payment.refund.amount} ${payment.amount.currency.toUpperCase()} · ${payment.refund.reason}`],
                [t('orders.refundReference'), <CopyableValue key="refund" value={payment.refund.reference} copyLabel={t('orders.copyReference')} />],
              ] as Array<[string, ReactNode]>)
            : []),
        ]}
      />
    </li>
  );
}

/** One order: status, items, payment, fees, the seller's net, refunds and the timeline. */
export function OrderDetailView({ order }: { order: OrderDetail }) {
  const t = useT();
  const columns = useItemColumns();
  const recipient = order.recipient?.email ?? order.recipient?.walletAddress ?? '—';
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-2">
        <PhaseBadge phase={order.phase} />
        <PaymentStatusBadge status={order.paymentStatus} />
        {order.test && <TestMoneyBadge />}
        {order.totals.devRates && <Badge tone="info">{t('orders.devRates')}</Badge>}
      </div>
      <Section id="order-summary" title={t('orders.summary')}>
        <Fields
          rows={[
            [t('orders.orderId'), <CopyableValue key="id" value={order.orderId} copyLabel={t('orders.copyOrderId')} />],
            [t('orders.created'), <DateTime key="created" value={order.createdAt} />],
            [t('orders.recipient'), recipient],
            [t('orders.method'), `${order.payment.method} · ${order.payment.currency.toUpperCase()}`],
            ...(order.payment.payerAddress ? ([[t('orders.payer'), order.payment.payerAddress]] as Array<[string, ReactNode]>) : []),
          ]}
        />
      </Section>
      <Section id="order-items" title={t('orders.itemsTitle')}>
        <DataTable
          caption={t('orders.itemsCaption')}
          columns={columns}
          rows={order.lineItems}
          rowKey={(item) => `${item.collectionId}:${item.templateId ?? ''}`}
        />
      </Section>
      <Section id="order-money" title={t('orders.money')}>
        <Fields
          rows={[
            [t('orders.subtotal'), formatMoney(order.totals.subtotal)],
            [
              t('orders.fees'),
              `${formatMoney(order.totals.fees)} · ${t('orders.feesDetail', { percent: order.totals.feePercent, payer: t(`orders.feesPayer.${order.totals.feesPayer}`) })}`,
            ],
            [t('orders.total'), formatMoney(order.totals.total)],
            [t('orders.sellerNet'), formatMoney(order.totals.sellerNet)],
          ]}
        />
      </Section>
      <Section id="order-payments" title={t('orders.paymentsTitle')}>
        {order.payments.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('orders.noPayments')}</p>
        ) : (
          <ul className="space-y-3">
            {order.payments.map((payment) => (
              <PaymentRecord key={payment.id} payment={payment} />
            ))}
          </ul>
        )}
      </Section>
      <Section id="order-timeline" title={t('orders.timeline')}>
        <ol className="space-y-2 border-l border-slate-200 pl-4 text-sm dark:border-slate-700">
          {order.timeline.map((event, i) => (
            <li key={`${event.type}:${i}`} className="flex flex-wrap items-baseline gap-x-3">
              <span className="font-mono">{event.type}</span>
              <DateTime value={event.at} className="text-slate-600 dark:text-slate-400" />
            </li>
          ))}
        </ol>
      </Section>
    </div>
  );
}

/** `orders/{id}` of the project or of a collection, with its way back to the list. */
export function OrderDetailPage({ scope, orderId, backTo }: { scope: OrderScope; orderId: string; backTo: string }) {
  const t = useT();
  const order = useOrder(scope, orderId);
  let content;
  if (order.isPending) content = <LoadingState label={t('orders.loadingOne')} />;
  else if (order.isError)
    content = order.error instanceof ApiError && order.error.status === 404 ? <p role="alert">{t('orders.notFound')}</p> : <ErrorMessage error={order.error} />;
  else content = <OrderDetailView order={order.data} />;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight break-all">{t('orders.detailTitle', { id: orderId.slice(0, 8) })}</h1>
        <Link to={backTo} className="text-sm font-semibold text-indigo-600 hover:underline dark:text-indigo-400">
          {t('orders.backToList')}
        </Link>
      </div>
      {content}
    </div>
  );
}
