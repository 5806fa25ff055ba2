// Collections and templates of the developer API (/api/2022-06-09/collections…; Crossmint-compatible shapes,
// ADR 033), from the shared §5 rules (@keepsake/validation).
import { blockchains } from '@keepsake/chains/blockchains';
import {
  collectionMetadataSchema,
  fungibilities,
  fungibilitySchema,
  imageUrlSchema,
  maxSupplyLimit,
  supplyLimitSchema,
} from '@keepsake/validation/collections';
import { z } from 'zod';
import { pageQuery, uuidSchema } from '../common.ts';
import { paymentsInputSchema, paymentsPatchSchema, paymentsSchema } from './collection-payments.ts';

/** A contract's deploy status, and the token standard its fungibility gives it. */
export const collectionDeployStatuses = ['pending', 'success', 'failed'] as const;
export const collectionContractTypes = ['erc-721', 'erc-1155'] as const;

export const chainSchema = z.enum(blockchains, {
  error: (issue) => `Unknown chain ${JSON.stringify(issue.input)}. Known chains: ${blockchains.join(', ')}.`,
});

const supplyLimitInput = supplyLimitSchema.meta({ description: 'ERC-721 only: the most NFTs the collection may hold (1 or more); omit for no limit' });

/** POST /collections and PUT /collections/{id}. Unknown fields (such as `reuploadLinkedFiles`) are ignored. */
export const createCollectionBody = z.object({
  chain: chainSchema,
  fungibility: fungibilitySchema.default('non-fungible'),
  metadata: collectionMetadataSchema,
  supplyLimit: supplyLimitInput.optional(),
  payments: paymentsInputSchema.optional(),
});

/** PATCH /collections/{id}: any of metadata (whole or in part), supply limit (null removes it) and payments. */
export const updateCollectionBody = z
  .object({
    metadata: collectionMetadataSchema.partial().optional(),
    supplyLimit: supplyLimitInput.nullable().optional(),
    payments: paymentsPatchSchema.nullable().optional().meta({ description: 'Merged over the current settings; null stops selling and removes them' }),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), { message: 'Send at least one of metadata, supplyLimit, payments' });

export const onChainSchema = z.object({
  status: z.enum(collectionDeployStatuses),
  chain: z.string(),
  type: z.enum(collectionContractTypes),
  contractAddress: z.string().optional(),
  txId: z.string().optional(),
  owner: z.string().optional().meta({ description: 'The platform signer that deployed and owns the contract (owner())' }),
});

export const collectionSchema = z
  .object({
    id: z.string(),
    chain: z.string(),
    fungibility: z.enum(fungibilities),
    metadata: z.object({ name: z.string(), description: z.string(), imageUrl: z.string().optional(), symbol: z.string().optional() }),
    supplyLimit: z.number().int().nullable(),
    payments: paymentsSchema.nullable(),
    onChain: onChainSchema,
    actionId: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'Collection' });

/** The ERC-721 metadata standard's attributes (OpenSea's shape). */
const attributeSchema = z.object({
  trait_type: z.string().max(100).optional(),
  value: z.union([z.string().max(1000), z.number(), z.boolean()]),
  display_type: z.string().max(50).optional(),
});

/** Token metadata (templates and NFTs): `{name, image, description, animation_url, attributes[]}`. */
export const tokenMetadataSchema = z.object({
  name: z.string({ message: 'metadata.name must be a string' }).trim().min(1, 'metadata.name cannot be empty').max(200),
  image: imageUrlSchema.optional(),
  description: z.string().max(2000).optional(),
  animation_url: imageUrlSchema.optional(),
  attributes: z.array(attributeSchema).max(100).optional(),
});

const tokenIdSchema = z
  .string({ message: 'onChain.tokenId must be a decimal string' })
  .regex(/^[1-9]\d{0,76}$/, 'onChain.tokenId must be a positive whole number as a decimal string')
  .refine((value) => BigInt(value) < 2n ** 256n, 'onChain.tokenId must fit in 256 bits');

/** POST /collections/{id}/templates. */
export const createTemplateBody = z.object({
  metadata: tokenMetadataSchema,
  onChain: z.object({ tokenId: tokenIdSchema.optional() }).optional(),
  supply: z
    .object({ limit: z.number({ message: 'supply.limit must be a whole number of at least 1' }).int().min(1).max(maxSupplyLimit).optional() })
    .optional(),
});

export const templateSchema = z
  .object({
    templateId: z.string(),
    collectionId: z.string(),
    metadata: z.object({
      name: z.string(),
      image: z.string().optional(),
      description: z.string().optional(),
      animation_url: z.string().optional(),
      attributes: z.array(attributeSchema).optional(),
    }),
    onChain: z.object({ tokenId: z.string() }),
    supply: z.object({ limit: z.number().int().nullable() }),
    createdAt: z.string(),
  })
  .meta({ id: 'Template' });

export const collectionParams = z.object({ collectionId: uuidSchema });
export const templateParams = z.object({ collectionId: uuidSchema, templateId: uuidSchema });

/** GET /collections (newest first) and GET /collections/{id}/templates (oldest first). */
export const collectionListQuery = pageQuery;
export const collectionListResponse = z.object({ results: z.array(collectionSchema) });
export const templateListResponse = z.object({ results: z.array(templateSchema) });
