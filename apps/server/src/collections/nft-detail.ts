// The console's NFT detail (issue 11, ADR 093): one NFT with its metadata and attributes, its owner (the email or
// user id it was minted to, and the address), token, transaction, where to see it on chain, and its status history
// rebuilt from what the mint left behind (the NFT row, its batch transaction and its action). Read only.
import { getOwner } from '@keepsake/chains/actions/get-owner';
import { getBalance1155 } from '@keepsake/chains/actions/get-balance-1155';
import type { z } from 'zod';
import type { consoleNftDetailSchema, nftHistoryEventSchema } from '@keepsake/wire/console/nft-detail';
import { ipfsToGateway } from '@keepsake/validation/urls';
import type { Address } from 'viem';
import type { ActionService } from '../actions/service.ts';
import type { ChainTransactionService } from '../chains/transactions.ts';
import type { AppContext } from '../context.ts';
import { parseWalletLocator } from '../wallets/locators.ts';
import { tokenExplorerUrl } from './nft-views.ts';
import * as views from './nft-views-store.ts';
import { chainFacts } from './present.ts';
import { NftNotFoundError } from './errors.ts';
import { ResourceNotFoundError } from '../platform/domain-errors.ts';
import type { CollectionService } from './service.ts';

type NftDetail = z.output<typeof consoleNftDetailSchema>;
type HistoryEvent = z.output<typeof nftHistoryEventSchema>;
type TransactionRow = Awaited<ReturnType<ChainTransactionService['find']>>;

/** A record that is gone (an action is never deleted today) leaves its step out; any other error is an error. */
function absentIfNotFound(error: unknown): undefined {
  if (error instanceof ResourceNotFoundError) return undefined;
  throw error;
}

/** How long the detail waits for the chain's answer before it says it has none. */
const chainReadTimeoutMs = 3_000;

/** The email or user id a recipient named (`email:<email>:<chain>`, `userId:<id>:<chain>`); nothing for an address. */
export function recipientOwner(recipient: string | null): { email: string | null; userId: string | null } {
  if (!recipient) return { email: null, userId: null };
  try {
    const locator = parseWalletLocator(recipient, 'recipient');
    return { email: locator.kind === 'email' ? locator.email : null, userId: locator.kind === 'userId' ? locator.userId : null };
  } catch {
    return { email: null, userId: null };
  }
}

/** The mint's steps, oldest first, from the NFT row, its batch transaction and its action. */
export function mintHistory(row: views.NftViewRow, transaction: TransactionRow, completedAt: string | null): HistoryEvent[] {
  const history: HistoryEvent[] = [{ status: 'requested', at: row.createdAt.toISOString(), transactionHash: null, detail: null }];
  if (transaction) {
    history.push({ status: 'submitted', at: (transaction.sentAt ?? transaction.createdAt).toISOString(), transactionHash: transaction.hash, detail: null });
    if (transaction.confirmedAt && (transaction.status === 'confirmed' || transaction.status === 'reverted')) {
      history.push({
        status: 'mined',
        at: transaction.confirmedAt.toISOString(),
        transactionHash: row.txId ?? transaction.hash,
        detail: transaction.blockNumber === null ? null : `Block ${transaction.blockNumber}${transaction.status === 'reverted' ? ' (reverted)' : ''}`,
      });
    }
  }
  if (row.status !== 'pending') {
    history.push({
      status: row.status === 'success' ? 'succeeded' : 'failed',
      at: completedAt ?? row.updatedAt.toISOString(),
      transactionHash: row.status === 'success' ? row.txId : null,
      detail: row.status === 'failed' ? row.error : null,
    });
  }
  return history;
}

function attributesOf(metadata: views.NftViewRow['metadata']): NftDetail['metadata']['attributes'] {
  return (metadata.attributes ?? []).map((attribute) => ({
    traitType: attribute.trait_type ?? null,
    value: typeof attribute.value === 'number' || typeof attribute.value === 'boolean' ? attribute.value : String(attribute.value),
    displayType: attribute.display_type ?? null,
  }));
}

export function createNftDetail(ctx: AppContext, deps: { collections: CollectionService; actions: ActionService; chainTransactions: ChainTransactionService }) {
  /** Where the chain has no explorer: what it says about the token (ownerOf or balanceOf), within a few seconds. */
  async function readChain(row: views.NftViewRow): Promise<NftDetail['chainRead']> {
    if (row.status !== 'success' || !row.contractAddress || !row.tokenId) return null;
    const connection = ctx.chains.connections.find((c) => c.chain === row.chain);
    const contract = row.contractAddress as Address;
    const owner = row.ownerAddress as Address;
    const tokenId = BigInt(row.tokenId);
    const erc721 = row.tokenStandard === 'erc-721';
    const read = {
      rpcUrl: connection?.chain === 'devnet' ? connection.rpcUrl : null,
      call: erc721 ? `ownerOf(${row.tokenId})` : `balanceOf(${row.ownerAddress}, ${row.tokenId})`,
    };
    if (!connection) return { ...read, holder: null, balance: null, holdsToken: null, error: `This server has no RPC endpoint for ${row.chain}.` };
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`The chain did not answer within ${chainReadTimeoutMs / 1000} s.`)), chainReadTimeoutMs);
    });
    try {
      if (erc721) {
        const holder = await Promise.race([getOwner(connection.client, { contract, tokenId }), timeout]);
        return { ...read, holder, balance: null, holdsToken: holder.toLowerCase() === owner.toLowerCase(), error: null };
      }
      const balance = await Promise.race([getBalance1155(connection.client, { contract, owner, tokenId }), timeout]);
      return { ...read, holder: null, balance: balance.toString(), holdsToken: balance > 0n, error: null };
    } catch (error) {
      return { ...read, holder: null, balance: null, holdsToken: null, error: error instanceof Error ? error.message.split('\n')[0]! : String(error) };
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    /** Console: one NFT of the collection. Any member reads; another project's collection or NFT is 404. */
    async get(userId: string, collectionId: string, nftId: string): Promise<NftDetail> {
      const collection = await deps.collections.consoleGet(userId, collectionId);
      const row = await views.findCollectionNft(ctx.db, collectionId, nftId);
      if (!row) throw new NftNotFoundError();
      const facts = chainFacts(ctx, row.chain);
      const [transaction, action, chainRead] = await Promise.all([
        row.transactionId ? deps.chainTransactions.find(row.transactionId) : undefined,
        row.actionId ? deps.actions.get(collection.projectId, row.actionId).catch(absentIfNotFound) : undefined,
        facts.explorerUrl ? null : readChain(row),
      ]);
      const image = row.metadata.image ?? null;
      const txHash = row.txId ?? transaction?.hash ?? null;
      return {
        id: row.id,
        collection: { id: collection.id, name: collection.metadata.name },
        chain: row.chain,
        chainName: facts.chainName,
        status: row.status,
        tokenStandard: row.tokenStandard,
        contractAddress: row.contractAddress,
        tokenId: row.tokenId,
        quantity: row.quantity,
        metadata: {
          name: row.metadata.name,
          description: row.metadata.description ?? null,
          image: image ? ipfsToGateway(image, ctx.config.ipfsGatewayUrl) : null,
          imageSource: image,
          animationUrl: row.metadata.animation_url ?? null,
          attributes: attributesOf(row.metadata),
        },
        owner: { address: row.ownerAddress, ...recipientOwner(row.recipient), recipient: row.recipient },
        transaction: { hash: txHash, explorerUrl: facts.explorerUrl && txHash ? `${facts.explorerUrl}/tx/${txHash}` : null },
        explorer: facts.explorerUrl
          ? {
              tokenUrl: tokenExplorerUrl(facts.explorerUrl, row.contractAddress, row.tokenId),
              contractUrl: row.contractAddress ? `${facts.explorerUrl}/address/${row.contractAddress}` : null,
            }
          : null,
        chainRead,
        error: row.status === 'failed' ? row.error : null,
        actionId: row.actionId,
        history: mintHistory(row, transaction, action?.completedAt ?? null),
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    },
  };
}

export type NftDetailService = ReturnType<typeof createNftDetail>;
