import { useMutation } from '@tanstack/react-query';
import type { FaucetInput, FaucetResponse } from '@keepsake/wire/developer/faucet';
import { apiFetch } from '../../../lib/api-client';
import type { OrderHandle } from '../types/checkout';

/**
 * POST /api/v1-alpha1/faucet with the order's client secret (ADR 121): 100 test USDXM to the connected wallet on the
 * order's local chain, once per address per hour.
 */
export function useFaucet(handle: OrderHandle) {
  return useMutation({
    mutationFn: (body: Omit<FaucetInput, 'orderId'>) =>
      apiFetch<FaucetResponse>('/api/v1-alpha1/faucet', {
        method: 'POST',
        body: { ...body, orderId: handle.orderId },
        headers: { Authorization: handle.clientSecret },
      }),
    meta: { toast: false },
  });
}
