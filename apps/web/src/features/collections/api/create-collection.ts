import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CollectionFormOutput } from '@keepsake/validation/collections';
import type { consoleCollectionResponse, consoleCreateCollectionBody } from '@keepsake/wire/console/collections';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import type { Collection } from '../types/collection';
import { collectionQueryKey } from './get-collection';
import { collectionsQueryKey } from './get-collections';

/**
 * The create body, with `chain` as the form's select gives it: one of the chains `GET /api/console/chains` named,
 * which the server checks against its own list.
 */
type CreateBody = Omit<z.input<typeof consoleCreateCollectionBody>, 'chain'> & { chain: string };

/** The console form's values as the create body (the same shape as the developer API's). */
export function createCollectionBody(projectId: string, form: CollectionFormOutput): CreateBody {
  return {
    projectId,
    chain: form.chain,
    fungibility: form.fungibility,
    metadata: {
      name: form.title,
      description: form.description,
      ...(form.imageUrl ? { imageUrl: form.imageUrl } : {}),
      ...(form.symbol ? { symbol: form.symbol } : {}),
    },
    ...(form.fungibility === 'non-fungible' && form.supplyLimit !== undefined ? { supplyLimit: form.supplyLimit } : {}),
  };
}

export async function createCollection(projectId: string, form: CollectionFormOutput): Promise<Collection> {
  const { collection } = await apiFetch<z.infer<typeof consoleCollectionResponse>>('/api/v1-alpha1/collections', {
    method: 'POST',
    body: createCollectionBody(projectId, form),
  });
  return collection;
}

export function useCreateCollection(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: CollectionFormOutput) => createCollection(projectId, form),
    // The form shows the server's message next to the fields.
    meta: { toast: false },
    onSuccess: async (collection) => {
      queryClient.setQueryData(collectionQueryKey(collection.id), collection);
      await queryClient.invalidateQueries({ queryKey: collectionsQueryKey(projectId) });
    },
  });
}
