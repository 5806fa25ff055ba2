import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import type { WebhookEndpoint } from '../types/webhook';
import { endpointsPath, endpointsQueryKey } from './get-endpoints';

export function createEndpointSchema(messages: { urlRequired: string; urlInvalid: string; eventsRequired: string }) {
  return z.object({
    url: z
      .string()
      .trim()
      .min(1, messages.urlRequired)
      .max(2048)
      .refine((value) => /^https?:\/\/\S+$/i.test(value), messages.urlInvalid),
    description: z.string().trim().max(500),
    eventTypes: z.array(z.string()).min(1, messages.eventsRequired),
  });
}
export type CreateEndpointInput = z.input<ReturnType<typeof createEndpointSchema>>;

export type CreatedEndpoint = { endpoint: WebhookEndpoint; secret: string };

export function createEndpoint(projectId: string, input: CreateEndpointInput): Promise<CreatedEndpoint> {
  return apiFetch<CreatedEndpoint>(endpointsPath(projectId), { method: 'POST', body: input });
}

/**
 * Creates an endpoint. The secret goes to `onSecret` and never becomes the mutation's data, so it stays out of
 * every cache (the data is the endpoint alone).
 */
export function useCreateEndpoint(projectId: string, onSecret: (created: CreatedEndpoint) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateEndpointInput): Promise<WebhookEndpoint> => {
      const created = await createEndpoint(projectId, input);
      onSecret(created);
      return created.endpoint;
    },
    // The form shows the server's message next to the fields.
    meta: { toast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointsQueryKey(projectId) }),
  });
}
