import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Branding, CollectionDetailsFormOutput } from '@keepsake/validation/collections';
import { apiFetch } from '../../../lib/api-client';
import type { Collection } from '../types/collection';
import { collectionPath, collectionQueryKey } from './get-collection';
import { collectionsQueryKey } from './get-collections';

/** The details form's values as the PATCH body: metadata and social links. */
export function detailsBody(form: CollectionDetailsFormOutput) {
  return {
    metadata: { name: form.title, description: form.description, imageUrl: form.imageUrl },
    socialLinks: { twitter: form.twitter, discord: form.discord, website: form.website },
  };
}

function useCollectionMutation<T>(send: (input: T) => Promise<{ collection: Collection }>) {
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
    apiFetch<{ collection: Collection }>(collectionPath(collection.id), { method: 'PATCH', body: detailsBody(form) }),
  );
}

export function useUpdateBranding(collection: Collection) {
  return useCollectionMutation((branding: Branding) =>
    apiFetch<{ collection: Collection }>(`${collectionPath(collection.id)}/branding`, { method: 'PUT', body: branding }),
  );
}
