// The console's NFT detail page (issue 11, ADR 093): one NFT of a collection with its metadata, owner, token,
// transaction, where to see it on chain, and its status history.
import { z } from 'zod';
import { mintStatuses, uuidSchema } from '../common.ts';

/** GET /api/console/collections/{collectionId}/nfts/{nftId} */
export const consoleNftParams = z.object({ collectionId: uuidSchema, nftId: uuidSchema });

const attributeSchema = z.object({
  traitType: z.string().nullable(),
  value: z.union([z.string(), z.number(), z.boolean()]),
  displayType: z.string().nullable(),
});

/** One step of a mint, oldest first: asked for, sent in a batch transaction, mined, then succeeded or failed. */
export const nftHistoryEventSchema = z.object({
  status: z.enum(['requested', 'submitted', 'mined', 'succeeded', 'failed']),
  at: z.string(),
  transactionHash: z.string().nullable(),
  detail: z.string().nullable().meta({ description: 'Why it failed, or the block it was mined in' }),
});

export const consoleNftDetailSchema = z.object({
  id: z.string(),
  collection: z.object({ id: z.string(), name: z.string() }),
  chain: z.string(),
  chainName: z.string(),
  status: z.enum(mintStatuses),
  tokenStandard: z.enum(['erc-721', 'erc-1155']),
  contractAddress: z.string().nullable(),
  tokenId: z.string().nullable().meta({ description: 'A uint256 as a decimal string; null until minted' }),
  quantity: z.number().int(),
  metadata: z.object({
    name: z.string(),
    description: z.string().nullable(),
    image: z.string().nullable().meta({ description: 'For an <img>: IPFS links rewritten to the gateway' }),
    imageSource: z.string().nullable().meta({ description: 'The image as the mint gave it (ipfs://, https://)' }),
    animationUrl: z.string().nullable(),
    attributes: z.array(attributeSchema),
  }),
  owner: z.object({
    address: z.string().meta({ description: 'Who holds the token once minted (EIP-55)' }),
    email: z.string().nullable().meta({ description: 'The email it was minted to, when the recipient was an email' }),
    userId: z.string().nullable().meta({ description: 'The user id it was minted to, when the recipient was a user id' }),
    recipient: z.string().nullable().meta({ description: 'The recipient as the mint request gave it' }),
  }),
  transaction: z.object({ hash: z.string().nullable(), explorerUrl: z.string().nullable() }),
  explorer: z
    .object({ tokenUrl: z.string().nullable(), contractUrl: z.string().nullable() })
    .nullable()
    .meta({ description: 'Pages on the chain’s block explorer; null when the chain has none (the devnet)' }),
  chainRead: z
    .object({
      rpcUrl: z.string().nullable().meta({ description: 'The RPC endpoint read, for the local devnet only (a configured URL may hold a key)' }),
      call: z.string().meta({ description: 'The read, e.g. ownerOf(7) or balanceOf(0x…, 7)' }),
      holder: z.string().nullable().meta({ description: 'ERC-721: ownerOf(tokenId)' }),
      balance: z.string().nullable().meta({ description: 'ERC-1155: balanceOf(owner, tokenId), a decimal string' }),
      holdsToken: z.boolean().nullable().meta({ description: 'Whether the chain says the owner holds it; null when the read failed' }),
      error: z.string().nullable(),
    })
    .nullable()
    .meta({ description: 'Where there is no explorer: the token read from the chain over RPC (minted NFTs only)' }),
  error: z.string().nullable().meta({ description: 'Why the mint failed' }),
  actionId: z.string().nullable(),
  history: z.array(nftHistoryEventSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const consoleNftDetailResponse = z.object({ nft: consoleNftDetailSchema });
