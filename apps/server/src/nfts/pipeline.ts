// The minting pipeline (ADR 050). A run for a collection claims its queued mints (`skip locked`), as many as
// fit under the per-transaction gas cap, and records one signed batch transaction for them through the
// exactly-once recorded transactions (ADR 030), assigning each mint its place in the batch, all in one
// database transaction. Then it sends, waits (resending, and bumping the fees of a transaction that lingers)
// and settles: token ids come from the receipt's mint logs in batch order; rows, token metadata, actions and
// webhook events change in one database transaction, guarded by status so that settling twice changes nothing.
// A crash anywhere leaves either queued mints (claimed again) or a recorded batch (sent again, then settled).
import { mintedTokenIds } from '@keepsake/chains/actions/get-minted-tokens';
import { signMintBatch } from '@keepsake/chains/actions/sign-mint-batch';
import { SupplyLimitExceededError } from '@keepsake/chains/errors/contract';
import type { Address } from 'viem';
import type { ActionService } from '../actions/service.ts';
import type { ChainTransactionRow, ChainTransactionService } from '../chains/transactions.ts';
import type { CollectionService } from '../collections/service.ts';
import type { AppContext } from '../context.ts';
import type { WebhookService } from '../webhooks/service.ts';
import * as store from './store.ts';

export const MINT_PURPOSE = 'nfts.mint-batch';
/** Gas a batch spends besides its NFTs (the call, the loop, the supply counter). */
const batchOverheadGas = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const supplyLimitMessage = 'The collection has reached its supply limit.';

type Deps = { chainTransactions: ChainTransactionService; collections: CollectionService; actions: ActionService; webhooks: WebhookService };

/**
 * How many NFTs one batch transaction holds: as many as `gasPerNft` each (plus the batch's own gas) fit under
 * `batchGasCap`, and under the chain's per-transaction cap where it has one (EIP-7825 on Ethereum and Sepolia:
 * 351 by default, against 598 elsewhere), and at most `batchMaxNfts`.
 */
export function mintsPerBatch(minting: { batchGasCap: number; gasPerNft: number; batchMaxNfts: number }, maxTransactionGas: bigint | undefined): number {
  const cap = maxTransactionGas === undefined ? minting.batchGasCap : Math.min(minting.batchGasCap, Number(maxTransactionGas));
  return Math.max(1, Math.min(minting.batchMaxNfts, Math.floor((cap - batchOverheadGas) / minting.gasPerNft)));
}

export function createMintPipeline(ctx: AppContext, deps: Deps) {
  const db = ctx.db;
  const { gasPerNft, feeBumpAfterMs, batchLingerMs } = ctx.config.minting;
  /** NFTs per batch on a chain: fewer where the chain caps a transaction's gas (ADR 075). */
  const perBatchOn = (chain: string) => mintsPerBatch(ctx.config.minting, ctx.chains.get(chain).definition.maxTransactionGas);
  let nextSlot = 0;
  /** Batches this process is settling now (the sweeper leaves them be). */
  const settling = new Set<string>();
  /** Collections whose batches are estimated again: one with a computed gas limit reverted (ADR 073). */
  const estimateGasFor = new Set<string>();

  /**
   * The gas limit of an ERC-721 batch on a local devnet, computed instead of asking the node to estimate it
   * (ADR 073): the devnet shares the machine, and an estimate runs the whole batch two or three times. The
   * contract is ours and a new holder is its dearest case, so `gasPerNft` per NFT bounds it. Not with a supply
   * limit (the estimate is what splits a batch at the limit), nor on any other chain. Undefined: estimate.
   */
  function computedGas(collection: { id: string; chain: string; contractType: string; supplyLimit: number | null }, count: number): bigint | undefined {
    if (collection.contractType !== 'erc-721' || collection.supplyLimit !== null || estimateGasFor.has(collection.id)) return undefined;
    if (ctx.chains.get(collection.chain).definition.kind !== 'local') return undefined;
    return BigInt(batchOverheadGas + count * gasPerNft);
  }

  async function failQueued(ids: string[], error: string, txId: string | null) {
    if (ids.length === 0) return;
    await db.transaction(async (tx) => {
      const failed = await store.markFailed(tx, ids, error, txId);
      await finish(tx, failed, 'failed', error);
    });
    deps.webhooks.flush();
  }

  /** Completes the mints' actions and publishes their events, in `tx`. */
  async function finish(tx: Parameters<Parameters<typeof db.transaction>[0]>[0], rows: store.SettledNft[], outcome: 'succeeded' | 'failed', error?: string) {
    const entries = rows.map((row) => {
      const data = {
        actionId: row.actionId,
        id: row.id,
        collectionId: row.collectionId,
        chain: row.chain,
        contractAddress: row.contractAddress,
        tokenId: row.tokenId,
        recipient: row.recipient,
        metadata: row.metadata,
        ...(row.txId ? { txId: row.txId } : {}),
        ...(error ? { error } : {}),
      };
      return { row, data };
    });
    await deps.actions.completeMany(
      tx,
      entries.filter((e) => e.row.actionId).map((e) => ({ id: e.row.actionId!, status: outcome, data: e.data })),
    );
    await deps.webhooks.publishMany(
      tx,
      entries.map(({ row, data }) => ({ projectId: row.projectId, type: outcome === 'succeeded' ? 'nfts.create.succeeded' : 'nfts.create.failed', data })),
    );
  }

  /**
   * Records one batch of the collection's queued mints; undefined when none is queued or the contract is not
   * deployed yet (its deploy, when done, queues the collection again through the sweeper).
   */
  async function recordBatch(collectionId: string): Promise<ChainTransactionRow | { lingerMs: number } | undefined> {
    const collection = await deps.collections.findForWorker(collectionId);
    if (!collection) return undefined;
    if (collection.deployStatus === 'failed') {
      await failQueued(await store.listQueuedIds(db, collectionId, 10_000), "The collection's contract could not be deployed.", null);
      return undefined;
    }
    if (collection.deployStatus !== 'success' || !collection.contractAddress) return undefined;
    const contract = collection.contractAddress as Address;
    // Read before the transaction: inside it only `tx` may be used (PGlite has one connection).
    const templates = collection.contractType === 'erc-1155' ? await deps.collections.templateTokenIds(collectionId) : new Map<string, string>();
    // The mints this attempt claimed: after a supply-limit revert, only they say what went over the limit.
    let attempted: string[] = [];
    try {
      return await db.transaction(async (tx) => {
        const batchSize = perBatchOn(collection.chain);
        const queued = await store.claimQueued(tx, collectionId, batchSize);
        attempted = queued.map((q) => q.id);
        if (queued.length === 0) return undefined;
        // Short of a full batch: wait a moment for more (fuller blocks under load), from the oldest mint's acceptance.
        const lingerMs = queued.length < batchSize ? batchLingerMs - (Date.now() - queued[0]!.createdAt.getTime()) : 0;
        if (lingerMs > 0) return { lingerMs };
        const tokenIds = new Map([...templates].map(([id, tokenId]) => [id, BigInt(tokenId)]));
        const slot = nextSlot++ % ctx.chains.signers.length;
        const gas = computedGas(collection, queued.length);
        const recorded = await deps.chainTransactions.record(tx, {
          chain: collection.chain,
          slot,
          purpose: MINT_PURPOSE,
          subjectId: collectionId,
          details: { mints: String(queued.length), ...(gas !== undefined ? { gas: 'computed' } : {}) },
          sign: (client, nonce) =>
            collection.contractType === 'erc-721'
              ? signMintBatch(client, { contractType: 'erc-721', contract, nonce, gas, recipients: queued.map((q) => q.ownerAddress as Address) })
              : signMintBatch(client, {
                  contractType: 'erc-1155',
                  contract,
                  nonce,
                  mints: queued.map((q) => ({ to: q.ownerAddress as Address, tokenId: tokenIds.get(q.templateId!)!, amount: BigInt(q.quantity) })),
                }),
        });
        await store.assignBatch(
          tx,
          queued.map((q) => q.id),
          recorded.id,
        );
        return recorded;
      });
    } catch (error) {
      // The gas estimate reverted because the batch would pass the supply limit: mint what still fits, fail the rest.
      if (!(error instanceof SupplyLimitExceededError)) throw error;
      if (attempted.length === 0) return undefined;
      const stillQueued = new Set(await store.listQueuedIds(db, collectionId, perBatchOn(collection.chain)));
      // Another run of this collection failed or batched some of them meanwhile: what went over the limit may have
      // changed, so look again rather than fail one more (two runs would each fail "the last" one).
      if (!attempted.every((id) => stillQueued.has(id))) return recordBatch(collectionId);
      if (attempted.length === 1) {
        await failQueued(attempted, supplyLimitMessage, null);
        return undefined;
      }
      // One at a time from here, so that exactly the mints over the limit fail.
      await failQueued(attempted.slice(-1), supplyLimitMessage, null);
      return recordBatch(collectionId);
    }
  }

  /** Waits for a recorded batch and settles its mints. Safe to run twice, here or in another process. */
  async function settle(transactionId: string): Promise<void> {
    if (settling.has(transactionId)) return;
    settling.add(transactionId);
    try {
      const [row] = await deps.chainTransactions.waitFor([transactionId], { timeoutMs: 120_000, resendEveryMs: 10_000, bumpAfterMs: feeBumpAfterMs });
      const batch = await store.listBatch(db, transactionId);
      if (batch.length === 0) return;
      if (row!.status === 'replaced') {
        // None of them was minted: back to the queue.
        await store.unassignBatch(db, transactionId);
        return;
      }
      const collectionId = batch[0]!.collectionId;
      if (row!.status === 'reverted' && row!.details.gas === 'computed' && !estimateGasFor.has(collectionId)) {
        // Nothing was minted. The computed limit may have been short, or the chain knows a supply limit this
        // database does not yet: back to the queue, and this collection's batches are estimated from now on.
        ctx.log.warn({ collectionId, transactionId, txId: row!.hash }, 'a mint batch with a computed gas limit reverted; estimating from now on');
        estimateGasFor.add(collectionId);
        await store.unassignBatch(db, transactionId);
        return;
      }
      if (row!.status === 'reverted') {
        await failQueued(
          batch.map((b) => b.id),
          'The mint transaction reverted.',
          row!.hash,
        );
        return;
      }
      const collection = (await deps.collections.findForWorker(collectionId))!;
      const receipt = await deps.chainTransactions.receipt(row!.chain, row!.hash, row!.previousHashes);
      const tokens = mintedTokenIds(receipt, collection.contractAddress as Address);
      if (tokens.length !== batch.length) throw new Error(`Batch ${transactionId} minted ${tokens.length} tokens for ${batch.length} mints.`);
      await db.transaction(async (tx) => {
        const minted = await store.markMinted(
          tx,
          transactionId,
          row!.hash,
          collection.contractAddress!,
          batch.map((b) => b.id),
          tokens.map((t) => t.tokenId.toString()),
        );
        if (collection.contractType === 'erc-721') {
          await deps.collections.recordTokenMetadata(
            tx,
            collectionId,
            minted.map((m) => ({ tokenId: m.tokenId!, metadata: m.metadata as never })),
          );
        }
        await finish(tx, minted, 'succeeded');
      });
      deps.webhooks.flush();
      ctx.log.info({ collectionId, transactionId, mints: batch.length, txId: row!.hash }, 'mint batch settled');
    } finally {
      settling.delete(transactionId);
    }
  }

  return {
    /** Batches per run of one job: recorded back to back (nonces in a row), then settled together. */
    async run(collectionId: string, maxBatches = 4): Promise<void> {
      for (;;) {
        const recorded: ChainTransactionRow[] = [];
        for (let i = 0; i < maxBatches; i++) {
          const batch = await recordBatch(collectionId);
          if (batch && 'lingerMs' in batch) {
            await sleep(batch.lingerMs);
            i--;
            continue;
          }
          if (!batch) break;
          recorded.push(batch);
        }
        if (recorded.length === 0) return;
        await Promise.all(recorded.map((r) => settle(r.id)));
        if (recorded.length < maxBatches) return;
      }
    },

    settle,

    /** Batches recorded but not settled (a restart, a lost job), and collections with queued mints. */
    async sweep(): Promise<string[]> {
      const unsettled = (await store.listUnsettledBatches(db, 100)).filter((id) => !settling.has(id));
      await Promise.all(
        unsettled.map((id) => settle(id).catch((error: unknown) => ctx.log.warn({ err: error, transactionId: id }, 'could not settle a mint batch yet'))),
      );
      return store.listCollectionsWithQueued(db, 500);
    },
  };
}

export type MintPipeline = ReturnType<typeof createMintPipeline>;
