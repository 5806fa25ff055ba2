import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createEndpointBody, webhookUrlSchema, type endpointWithSecretResponse } from '@keepsake/wire/console/webhooks';
import { isHttpsOrLocalHttp } from '@keepsake/validation/urls';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import type { WebhookEndpoint } from '../types/webhook';
import { endpointsPath, endpointsQueryKey } from './get-endpoints';

/**
 * The server's own body schema, with its messages (docs/decisions/087), and one check of the form's own before the
 * server's URL policy judges the address: it looks like an http(s) URL.
 */
export function createEndpointSchema(messages: { urlInvalid: string }) {
  return createEndpointBody.extend({
    url: webhookUrlSchema
      .refine((value) => /^https?:\/\/\S+$/i.test(value), messages.urlInvalid)
      // The server's own refusal, before it is asked: plain http only for this machine (ADR 090).
      .refine((value) => !/^https?:\/\/\S+$/i.test(value) || isHttpsOrLocalHttp(value), HTTPS_REQUIRED),
  });
}

/** The server's message for a plain-http URL (webhooks/url-policy.ts), word for word. */
export const HTTPS_REQUIRED = 'url must use https://';
export type CreateEndpointInput = z.input<ReturnType<typeof createEndpointSchema>>;
export type CreateEndpointBody = z.output<typeof createEndpointBody>;

export type CreatedEndpoint = z.infer<typeof endpointWithSecretResponse>;

export function createEndpoint(projectId: string, input: CreateEndpointBody): Promise<CreatedEndpoint> {
  return apiFetch<CreatedEndpoint>(endpointsPath(projectId), { method: 'POST', body: input });
}

/**
 * Creates an endpoint. The secret goes to `onSecret` and never becomes the mutation's data, so it stays out of
 * every cache (the data is the endpoint alone).
 */
export function useCreateEndpoint(projectId: string, onSecret: (created: CreatedEndpoint) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateEndpointBody): Promise<WebhookEndpoint> => {
      const created = await createEndpoint(projectId, input);
      onSecret(created);
      return created.endpoint;
    },
    // The form shows the server's message next to the fields.
    meta: { toast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointsQueryKey(projectId) }),
  });
}
