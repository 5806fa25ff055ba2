// The collection bodies as the server parses them: the wire's shapes (@keepsake/wire), plus one step the wire
// leaves to the server. A payment recipient is kept in its EIP-55 checksummed form, which needs keccak (viem):
// the body is checksummed as it is parsed, so that the stored collection and the request hash (PUT, idempotent
// retries) see one form of an address whatever its case (docs/decisions/087).
import { consoleCreateCollectionBody as consoleCreateBody } from '@keepsake/wire/console/collections';
import { createCollectionBody as createBody, updateCollectionBody as updateBody } from '@keepsake/wire/developer/collections';
import type { collectionSchema, createTemplateBody, templateSchema } from '@keepsake/wire/developer/collections';
import { getAddress } from 'viem';
import type { z } from 'zod';

type Payments = { recipientAddress?: string | undefined };

/** The body with its payment recipient checksummed; a body without payments as it is. */
function checksummed<T extends { payments?: Payments | null | undefined }>(body: T): T {
  return body.payments?.recipientAddress ? { ...body, payments: { ...body.payments, recipientAddress: getAddress(body.payments.recipientAddress) } } : body;
}

/** POST /collections and PUT /collections/{id}. */
export const createCollectionBody = createBody.transform(checksummed);
export type CreateCollectionInput = z.output<typeof createCollectionBody>;

/** PATCH /collections/{id}. */
export const updateCollectionBody = updateBody.transform(checksummed);
export type UpdateCollectionInput = z.output<typeof updateCollectionBody>;

/** POST /api/v1-alpha1/collections. */
export const consoleCreateCollectionBody = consoleCreateBody.transform(checksummed);

export type CreateTemplateInput = z.output<typeof createTemplateBody>;
export type CollectionResponse = z.infer<typeof collectionSchema>;
export type TemplateResponse = z.infer<typeof templateSchema>;
