import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateOrderInput } from '@keepsake/wire/developer/orders';
import { apiFetch } from '../../../lib/api-client';
import type { Order, OrderHandle } from '../types/checkout';
import { checkoutOrderQueryKey } from './get-order';

/** PATCH /api/2022-06-09/orders/{id} with the client secret: the payer's address, or a fresh quote once expired. */
export function useUpdateCheckoutOrder(handle: OrderHandle) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateOrderInput) =>
      apiFetch<Order>(`/api/2022-06-09/orders/${encodeURIComponent(handle.orderId)}`, {
        method: 'PATCH',
        body,
        headers: { Authorization: handle.clientSecret },
      }),
    onSuccess: (order) => queryClient.setQueryData(checkoutOrderQueryKey(handle.orderId), order),
    meta: { toast: false },
  });
}
