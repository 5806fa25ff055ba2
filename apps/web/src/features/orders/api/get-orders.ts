import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, withQuery } from '../../../lib/api-client';
import type { OrderDetail, OrderFilters, OrderScope, OrdersPage, OrderStats } from '../types/order';

export const ORDERS_PER_PAGE = 20;

/** The scope's base path and query: `/api/console/orders?projectId` or `/api/console/collections/{id}/orders`. */
function base(scope: OrderScope): { path: string; query: Record<string, string> } {
  return 'projectId' in scope
    ? { path: '/api/console/orders', query: { projectId: scope.projectId } }
    : { path: `/api/console/collections/${encodeURIComponent(scope.collectionId)}/orders`, query: {} };
}

const scopeKey = (scope: OrderScope) => ('projectId' in scope ? ['project', scope.projectId] : ['collection', scope.collectionId]);

export function ordersQueryOptions(scope: OrderScope, filters: OrderFilters, page: number) {
  const { path, query } = base(scope);
  return queryOptions({
    queryKey: ['console', 'orders', ...scopeKey(scope), 'list', filters, page],
    queryFn: ({ signal }) => apiFetch<OrdersPage>(path, { query: { ...query, ...filters, page, perPage: ORDERS_PER_PAGE }, signal }),
    meta: { toast: false },
  });
}

export function useOrders(scope: OrderScope, filters: OrderFilters, page: number) {
  return useQuery({ ...ordersQueryOptions(scope, filters, page), placeholderData: keepPreviousData });
}

export function orderQueryOptions(scope: OrderScope, orderId: string) {
  const { path, query } = base(scope);
  return queryOptions({
    queryKey: ['console', 'orders', ...scopeKey(scope), 'detail', orderId],
    queryFn: ({ signal }) => apiFetch<{ order: OrderDetail }>(`${path}/${encodeURIComponent(orderId)}`, { query, signal }).then((r) => r.order),
    meta: { toast: false },
  });
}

export function useOrder(scope: OrderScope, orderId: string) {
  return useQuery(orderQueryOptions(scope, orderId));
}

export function orderStatsQueryOptions(scope: OrderScope) {
  const { path, query } = base(scope);
  return queryOptions({
    queryKey: ['console', 'orders', ...scopeKey(scope), 'stats'],
    queryFn: ({ signal }) => apiFetch<OrderStats>(`${path}/stats`, { query, signal }),
    meta: { toast: false },
  });
}

export function useOrderStats(scope: OrderScope) {
  return useQuery(orderStatsQueryOptions(scope));
}

/** The CSV export of the filtered orders: a plain link, so the browser downloads it with the session cookie. */
export function ordersExportUrl(scope: OrderScope, filters: OrderFilters): string {
  const { path, query } = base(scope);
  return withQuery(`${path}/export`, { ...query, ...filters });
}
