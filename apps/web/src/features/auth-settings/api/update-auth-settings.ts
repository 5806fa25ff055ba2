import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import type { AuthSettings } from '../types/auth-settings';
import { authSettingsPath, authSettingsQueryKey } from './get-auth-settings';

/** What the server accepts as an origin: scheme, host and optional port, nothing after. */
export function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value.toLowerCase().replace(/\/$/, '');
  } catch {
    return false;
  }
}

/** The non-empty lines of the origins field, trimmed. */
export function originLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

export const MAX_ALLOWED_ORIGINS = 50;

export function authSettingsFormSchema(messages: { invalidOrigin: (origin: string) => string; tooMany: string }) {
  return z.object({
    origins: z.string().superRefine((text, context) => {
      const lines = originLines(text);
      const bad = lines.find((line) => !isOrigin(line));
      if (bad !== undefined) context.addIssue({ code: 'custom', message: messages.invalidOrigin(bad) });
      else if (lines.length > MAX_ALLOWED_ORIGINS) context.addIssue({ code: 'custom', message: messages.tooMany });
    }),
    captchaEnabled: z.boolean(),
    mfaRequired: z.boolean(),
  });
}

export type AuthSettingsFormInput = z.infer<ReturnType<typeof authSettingsFormSchema>>;

export function toAuthSettingsPatch(input: AuthSettingsFormInput) {
  return {
    allowedOrigins: originLines(input.origins),
    authConfig: { captcha: { enabled: input.captchaEnabled }, mfa: { required: input.mfaRequired } },
  };
}

export async function updateAuthSettings({ projectId, input }: { projectId: string; input: AuthSettingsFormInput }): Promise<AuthSettings> {
  return apiFetch<AuthSettings>(authSettingsPath(projectId), { method: 'PATCH', body: toAuthSettingsPatch(input) });
}

export function useUpdateAuthSettings(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AuthSettingsFormInput) => updateAuthSettings({ projectId, input }),
    onSuccess: (settings) => queryClient.setQueryData(authSettingsQueryKey(projectId), settings),
  });
}
