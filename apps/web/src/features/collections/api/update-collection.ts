import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Branding, CollectionDetailsFormOutput } from '@keepsake/validation/collections';
import type { consoleCollectionResponse, consoleUpdateCollectionBody, updateBrandingBody } from '@keepsake/wire/console/collections';
import type { z } from 'zod';
import type { PaymentsInput } from '@keepsake/wire/developer/collection-payments';
import { apiFetch } from '../../../lib/api-client';
import type { Collection } from '../types/collection';
import { collectionPath, collectionQueryKey } from './get-collection';
import { collectionsQueryKey } from './get-collections';

type CollectionResponse = z.infer<typeof consoleCollectionResponse>;

/** The details form's values as the PATCH body: metadata and social links. */
export function detailsBody(form: CollectionDetailsFormOutput): z.input<typeof consoleUpdateCollectionBody> {
  return {
    metadata: { name: form.title, description: form.description, imageUrl: form.imageUrl },
    socialLinks: { twitter: form.twitter, discord: form.discord, website: form.website },
  };
}

function useCollectionMutation<T>(send: (input: T) => Promise<CollectionResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: T) => (await send(input)).collection,
    meta: { toast: false },
    onSuccess: async (updated) => {
      queryClient.setQueryData(collectionQueryKey(updated.id), updated);
      await queryClient.invalidateQueries({ queryKey: collectionsQueryKey(updated.projectId) });
    },
  });
}

export function useUpdateCollectionDetails(collection: Collection) {
  return useCollectionMutation((form: CollectionDetailsFormOutput) =>
    apiFetch<CollectionResponse>(collectionPath(collection.id), { method: 'PATCH', body: detailsBody(form) }),
  );
}

export function useUpdateBranding(collection: Collection) {
  return useCollectionMutation((branding: Branding) =>
    apiFetch<CollectionResponse>(`${collectionPath(collection.id)}/branding`, { method: 'PUT', body: branding satisfies z.input<typeof updateBrandingBody> }),
  );
}

/** PATCH /api/console/collections/{id} with the payment settings (merged over the current ones by the server). */
export function useUpdatePayments(collection: Collection) {
  return useCollectionMutation((payments: PaymentsInput) =>
    apiFetch<CollectionResponse>(collectionPath(collection.id), { method: 'PATCH', body: { payments } satisfies z.input<typeof consoleUpdateCollectionBody> }),
  );
}
