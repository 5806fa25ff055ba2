import { useMutation, useQuery } from '@tanstack/react-query';
import type { deviceDecisionResponse, deviceLookupResponse, loopbackApproveBody, loopbackApproveResponse } from '@keepsake/wire/console/cli-auth';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';

/** The pending CLI sign-in a user code names (404 unknown, 400 expired_token). */
export function useDeviceLookup(userCode: string | undefined) {
  return useQuery({
    queryKey: ['console', 'cli-device', userCode],
    enabled: Boolean(userCode),
    retry: false,
    meta: { toast: false },
    queryFn: ({ signal }) => apiFetch<z.infer<typeof deviceLookupResponse>>('/api/console/cli/device', { query: { user_code: userCode }, signal }),
  });
}

export function useDeviceDecision() {
  return useMutation({
    mutationFn: ({ userCode, approve }: { userCode: string; approve: boolean }) =>
      apiFetch<z.infer<typeof deviceDecisionResponse>>(`/api/console/cli/device/${approve ? 'approve' : 'deny'}`, {
        method: 'POST',
        body: { user_code: userCode },
      }),
    meta: { toast: false },
  });
}

export function approveLoopback(body: z.infer<typeof loopbackApproveBody>) {
  return apiFetch<z.infer<typeof loopbackApproveResponse>>('/api/console/cli/loopback', { method: 'POST', body });
}
