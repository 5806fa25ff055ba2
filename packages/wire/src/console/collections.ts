// The console's collections (spec §7: /api/v1-alpha1/collections, /api/console/collections/{id}, …/branding;
// ADR 034): the developer API's shape plus what the console pages show.
import { brandingSchema, socialLinksSchema, collectionMetadataSchema } from '@keepsake/validation/collections';
import { z } from 'zod';
import { pageFields, pageQuerySchema, perPageQuerySchema, uuidSchema } from '../common.ts';
import { paymentsPatchSchema } from '../developer/collection-payments.ts';
import { collectionSchema, createCollectionBody } from '../developer/collections.ts';

export const chainKinds = ['mainnet', 'testnet', 'local'] as const;

export const socialLinksResponse = z.object({ twitter: z.string(), discord: z.string(), website: z.string() });
export const brandingResponse = z.object({ bannerUrl: z.string(), primaryColor: z.string(), backgroundColor: z.string() });

/** The console's view of a collection: the API shape plus what the console pages show. */
export const consoleCollectionSchema = collectionSchema
  .extend({
    projectId: z.string(),
    socialLinks: socialLinksResponse,
    branding: brandingResponse,
    /** The image as a browser can load it (IPFS links through the gateway). */
    imagePreviewUrl: z.string().nullable(),
    deploy: z.object({
      error: z.string().nullable(),
      deployedAt: z.string().nullable(),
      explorerUrl: z.string().nullable().meta({ description: "The contract on the chain's block explorer; null where there is none (the devnet)" }),
      chainName: z.string(),
      chainKind: z.enum(chainKinds),
      baseUri: z.string(),
      contractUri: z.string(),
    }),
    templates: z.number().int().meta({ description: 'How many templates the collection has' }),
    paymentCurrencies: z.array(z.string()).meta({ description: "What a price may be in: the fiat currencies, then the chain's native coin and tokens" }),
  })
  .meta({ id: 'ConsoleCollection' });

/** `{id}` of /api/console/collections/{id}…. */
export const consoleCollectionParams = z.object({ id: uuidSchema });
export const consoleCollectionResponse = z.object({ collection: consoleCollectionSchema });

/** GET /api/console/chains: the chains this server deploys collections on. */
export const deployableChainSchema = z.object({
  chain: z.string(),
  chainId: z.number().int(),
  chainName: z.string(),
  chainKind: z.enum(chainKinds),
  explorerUrl: z.string().nullable(),
});
export const chainsResponse = z.object({ chains: z.array(deployableChainSchema) });

/** GET /api/v1-alpha1/collections: a project's collections, newest first. */
export const consoleCollectionsQuery = z.object({ projectId: uuidSchema, page: pageQuerySchema, perPage: perPageQuerySchema });
export const consoleCollectionsResponse = z.object({ collections: z.array(consoleCollectionSchema), ...pageFields });

/** POST /api/v1-alpha1/collections: the developer API's body in a project. */
export const consoleCreateCollectionBody = createCollectionBody.extend({ projectId: uuidSchema });

/** PATCH /api/console/collections/{id} ("details" and "payments"): metadata, social links and payment settings. */
export const consoleUpdateCollectionBody = z
  .object({
    metadata: collectionMetadataSchema.partial().optional(),
    socialLinks: socialLinksSchema.optional(),
    payments: paymentsPatchSchema.nullable().optional(),
  })
  .refine((body) => body.metadata !== undefined || body.socialLinks !== undefined || body.payments !== undefined, {
    message: 'Send metadata, socialLinks or payments',
  });

/** PUT /api/console/collections/{id}/branding. */
export const updateBrandingBody = brandingSchema;
