import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { CreatedOrder, HostedOrderInput } from '../types/checkout';

/** POST /api/checkout/collections/{id}/orders: the order and its client secret (ADR 109). */
export function useCreateHostedOrder(collectionId: string) {
  return useMutation({
    mutationFn: (body: HostedOrderInput) =>
      apiFetch<CreatedOrder>(`/api/checkout/collections/${encodeURIComponent(collectionId)}/orders`, { method: 'POST', body }),
    meta: { toast: false },
  });
}
