import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { checkoutSettingsSchema } from '@keepsake/wire/console/projects';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';

export type CheckoutSettings = z.infer<typeof checkoutSettingsSchema>;

const path = (projectId: string) => `/api/console/projects/${encodeURIComponent(projectId)}/checkout`;

export function checkoutSettingsQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: ['console', 'project', projectId, 'checkout'],
    queryFn: ({ signal }) => apiFetch<CheckoutSettings>(path(projectId), { signal }),
    meta: { toast: false },
  });
}

export function useCheckoutSettings(projectId: string) {
  return useQuery(checkoutSettingsQueryOptions(projectId));
}

/** Sets the plan's checkout fee tier (owners and admins). */
export function useUpdateCheckoutSettings(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: CheckoutSettings) => apiFetch<CheckoutSettings>(path(projectId), { method: 'PATCH', body: settings }),
    onSuccess: (settings) => queryClient.setQueryData(checkoutSettingsQueryOptions(projectId).queryKey, settings),
  });
}
