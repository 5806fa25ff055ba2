// Minting (/api/2022-06-09/collections/{id}/nfts…; Crossmint-compatible shapes, ADR 052).
import { z } from 'zod';
import { mintStatuses, pageQuery, uuidSchema } from '../common.ts';
import { tokenMetadataSchema } from './collections.ts';

const recipientSchema = z
  .string({ message: 'recipient must be a string: <chain>:<address>, email:<email>:<chain> or userId:<id>:<chain>' })
  .min(1, 'recipient cannot be empty: give <chain>:<address>, email:<email>:<chain> or userId:<id>:<chain>')
  .max(400, 'recipient is too long')
  .meta({
    description: 'Who receives the NFT: `<chain>:<address>`, `email:<email>:<chain>` or `userId:<id>:<chain>`',
    example: 'email:ada@example.com:devnet',
  });

/** One mint: ERC-721 with its own metadata, or copies of a template (semi-fungible collections). */
export const mintBody = z
  .object({
    recipient: recipientSchema,
    metadata: tokenMetadataSchema
      .optional()
      .meta({ description: 'ERC-721 metadata `{name, image, description, animation_url, attributes[]}` (non-fungible collections)' }),
    templateId: z
      .uuid({ message: 'templateId must be a template id (a UUID)' })
      .optional()
      .meta({ description: 'The template to mint (semi-fungible collections)' }),
    amount: z
      .number({ message: 'amount must be a whole number from 1 to 1000000' })
      .int('amount must be a whole number from 1 to 1000000')
      .min(1, 'amount must be a whole number from 1 to 1000000')
      .max(1_000_000, 'amount must be a whole number from 1 to 1000000')
      .optional()
      .meta({ description: 'Copies of the template (semi-fungible collections); default 1' }),
  })
  .refine((body) => (body.metadata === undefined) !== (body.templateId === undefined), {
    message: 'Give either metadata (a non-fungible collection) or templateId (a semi-fungible collection), not both and not neither',
  });

export const maxBatchMints = 200;

export const batchMintBody = z.object({
  nfts: z
    .array(mintBody, { message: 'nfts must be an array of mints' })
    .min(1, 'nfts cannot be empty')
    .max(maxBatchMints, `nfts may hold at most ${maxBatchMints} mints`),
});

/** POST accepts one mint or a batch `{nfts:[…]}`. */
export const createNftBody = z.union([batchMintBody, mintBody], {
  // Report the problem of the form the client meant (a body with `nfts` is a batch), not "Invalid input".
  error: (issue) => {
    if (issue.code !== 'invalid_union') return undefined;
    const input = issue.input;
    const first = issue.errors[input && typeof input === 'object' && 'nfts' in input ? 0 : 1]?.[0];
    if (!first || input === null || typeof input !== 'object') return 'Send one mint {recipient, metadata | templateId} or a batch {nfts: [...]}';
    const path = first.path.join('.');
    return `${path ? `${path}: ` : ''}${first.message}`;
  },
});

const attribute = z.object({ trait_type: z.string().optional(), value: z.union([z.string(), z.number(), z.boolean()]), display_type: z.string().optional() });

export const nftSchema = z
  .object({
    id: z.string(),
    collectionId: z.string(),
    recipient: z.string().nullable(),
    metadata: z.object({
      name: z.string(),
      image: z.string().optional(),
      description: z.string().optional(),
      animation_url: z.string().optional(),
      attributes: z.array(attribute).optional(),
    }),
    templateId: z.string().optional(),
    amount: z.number().int().optional(),
    onChain: z.object({
      status: z.enum(mintStatuses),
      chain: z.string(),
      contractAddress: z.string().optional(),
      owner: z.string(),
      tokenId: z.string().optional(),
      txId: z.string().optional(),
      error: z.string().optional(),
    }),
    actionId: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Nft' });

export const batchResultSchema = z.object({ results: z.array(nftSchema) }).meta({ id: 'NftBatch' });

/** POST answers one NFT, or `{results}` for a batch. */
export const createNftResponse = z.union([nftSchema, batchResultSchema]);

export const nftParams = z.object({ collectionId: uuidSchema, nftId: uuidSchema });
export const nftListQuery = pageQuery;
export const nftListResponse = z.object({ results: z.array(nftSchema) });
