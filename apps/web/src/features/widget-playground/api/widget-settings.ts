import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { authSettingsSchema } from '@keepsake/wire/console/projects';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import type { SavedWidget, WidgetDraft } from '../types/widget-settings';

type AuthSettings = z.output<typeof authSettingsSchema>;

/** `GET/PATCH /api/console/projects/{id}/auth-config`: the widget is its `authConfig.widget` key (docs/decisions/119). */
const path = (projectId: string) => `/api/console/projects/${encodeURIComponent(projectId)}/auth-config`;
const widgetKey = (projectId: string) => ['console', 'widgetSettings', projectId] as const;
/** The settings form's cache of the same document (features/auth-settings), refreshed after a save. */
const authSettingsKey = (projectId: string) => ['console', 'authSettings', projectId] as const;

export function useWidgetSettings(projectId: string) {
  return useQuery({
    queryKey: widgetKey(projectId),
    queryFn: async ({ signal }): Promise<SavedWidget> => (await apiFetch<AuthSettings>(path(projectId), { signal })).authConfig.widget,
  });
}

/** Saves the draft as the project's widget (replaced whole). */
export function useSaveWidgetSettings(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { toast: false },
    mutationFn: (draft: WidgetDraft) => apiFetch<AuthSettings>(path(projectId), { method: 'PATCH', body: { authConfig: { widget: draft } } }),
    onSuccess: (settings) => {
      queryClient.setQueryData(widgetKey(projectId), settings.authConfig.widget);
      queryClient.setQueryData(authSettingsKey(projectId), settings);
    },
  });
}
