import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { progressOf, shouldPoll } from '../lib/progress';
import type { Order, OrderHandle } from '../types/checkout';

export const ORDER_POLL_MS = 1500;

export function checkoutOrderQueryKey(orderId: string) {
  return ['checkout', 'order', orderId] as const;
}

export function checkoutOrderQueryOptions(handle: OrderHandle) {
  return queryOptions({
    queryKey: checkoutOrderQueryKey(handle.orderId),
    queryFn: ({ signal }) =>
      apiFetch<Order>(`/api/2022-06-09/orders/${encodeURIComponent(handle.orderId)}`, { headers: { Authorization: handle.clientSecret }, signal }),
    retry: false,
    meta: { toast: false },
  });
}

/** GET /api/2022-06-09/orders/{id} with the client secret; polled until the order is final or waits on the buyer. */
export function useCheckoutOrder(handle: OrderHandle) {
  return useQuery({
    ...checkoutOrderQueryOptions(handle),
    refetchInterval: (query) => (query.state.data && !shouldPoll(progressOf(query.state.data)) ? false : ORDER_POLL_MS),
  });
}
