import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayOrderInput } from '@keepsake/wire/developer/orders';
import { apiFetch } from '../../../lib/api-client';
import type { Order, OrderHandle } from '../types/checkout';
import { checkoutOrderQueryKey } from './get-order';

/** POST /api/2022-06-09/orders/{id}/payment with the client secret: the card, or the answer to its confirmation step. */
export function usePayByCard(handle: OrderHandle) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayOrderInput) =>
      apiFetch<Order>(`/api/2022-06-09/orders/${encodeURIComponent(handle.orderId)}/payment`, {
        method: 'POST',
        body,
        headers: { Authorization: handle.clientSecret },
      }),
    onSuccess: (order) => queryClient.setQueryData(checkoutOrderQueryKey(handle.orderId), order),
    meta: { toast: false },
  });
}
