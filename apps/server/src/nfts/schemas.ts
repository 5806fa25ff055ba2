// The types the minting service and presenter work with, derived from the wire's shapes (@keepsake/wire/developer/nfts).
import type { mintBody, nftSchema } from '@keepsake/wire/developer/nfts';
import type { z } from 'zod';

export type MintInput = z.output<typeof mintBody>;
export type NftResponse = z.infer<typeof nftSchema>;
