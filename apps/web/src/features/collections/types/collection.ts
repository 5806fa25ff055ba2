// The collection shapes of the console API, derived from the server's schemas (@keepsake/wire; docs/decisions/087).
import type { consoleCollectionSchema, consoleCollectionsResponse, deployableChainSchema } from '@keepsake/wire/console/collections';
import type { z } from 'zod';

/** A collection as the console API returns it (GET /api/console/collections/{id}). */
export type Collection = z.infer<typeof consoleCollectionSchema>;

export type DeployStatus = Collection['onChain']['status'];
export type ChainKind = Collection['deploy']['chainKind'];

export type CollectionsPage = z.infer<typeof consoleCollectionsResponse>;

/** A chain the server deploys collections on. */
export type DeployableChain = z.infer<typeof deployableChainSchema>;
