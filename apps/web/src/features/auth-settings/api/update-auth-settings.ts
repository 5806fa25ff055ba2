import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { AuthSettings } from '../types/auth-settings';
import { toAuthSettingsPatch, type AuthSettingsFormInput } from './auth-settings-form-schema';
import { authSettingsPath, authSettingsQueryKey } from './get-auth-settings';

export async function updateAuthSettings({ projectId, input }: { projectId: string; input: AuthSettingsFormInput }): Promise<AuthSettings> {
  return apiFetch<AuthSettings>(authSettingsPath(projectId), { method: 'PATCH', body: toAuthSettingsPatch(input) });
}

export function useUpdateAuthSettings(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { toast: false },
    mutationFn: (input: AuthSettingsFormInput) => updateAuthSettings({ projectId, input }),
    onSuccess: (settings) => queryClient.setQueryData(authSettingsQueryKey(projectId), settings),
  });
}
