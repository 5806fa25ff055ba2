// Platform signer transactions, exactly once (ADR 030). A transaction is signed and stored with its nonce in
// the caller's database transaction (the intent) before anything is sent; sending is a separate step that
// sends a signer's stored transactions in nonce order, again as often as needed (the same bytes can be mined
// only once). A crash before the commit leaves nothing (the nonce was not taken); after it, the next run sends
// what was stored. Deploys use it now; the minting pipeline can too.
import { randomUUID } from 'node:crypto';
import type { Database, Transaction } from '@keepsake/db/client';
import { getTransactionOutcome } from '@keepsake/chains/actions/get-transaction-outcome';
import { sendSignedTransaction } from '@keepsake/chains/actions/send-signed-transaction';
import type { SignedTransaction } from '@keepsake/chains/actions/sign-transaction';
import type { ChainSignerClient } from '@keepsake/chains/clients';
import { keccak256, parseTransaction, type Address, type Hash, type Hex, type TransactionReceipt } from 'viem';
import { TransactionSendError } from '@keepsake/chains/errors/contract';
import type { AppContext } from '../context.ts';
import { createKeptReceipts } from './kept-receipts.ts';
import * as store from './transactions-store.ts';

export type { ChainTransactionRow } from './transactions-store.ts';

/** Signs at the nonce it is given; `contractAddress` for a deployment. */
export type SignAtNonce = (client: ChainSignerClient, nonce: number) => Promise<SignedTransaction & { contractAddress?: Address }>;

/** The transactions were still not mined when the wait ended; the caller tries again later. */
export class TransactionsPendingError extends Error {
  override name = 'TransactionsPendingError';
  constructor(hashes: string[], waitedMs: number) {
    super(`Still waiting for ${hashes.join(', ')} after ${Math.round(waitedMs / 1000)} s.`);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How often a wait that may bump fees compares its sent transactions' fee caps with the base fee. */
const feeCheckEveryMs = 1_000;
/** How long to wait before believing a transaction was replaced. */
const replacedRecheckMs = 2_000;
/**
 * A transaction sent to the local devnet and not mined after this long is one that did not fit the block it
 * arrived for (anvil mines a block per transaction it receives, and leaves what does not fit in the pool until
 * the next one arrives): the devnet is asked to mine.
 */
const localMineAfterMs = 2_000;

export function createChainTransactionService(ctx: AppContext) {
  const db = ctx.db;

  /** The receipts of the transactions this process settled last, for whoever settled them to read next. */
  const receipts = createKeptReceipts();

  /** One send at a time per signer in this process. */
  const sending = new Map<string, Promise<void>>();

  /**
   * Sends the signer's unsettled transactions in nonce order, marking each sent as it goes. One that the node
   * refuses as underpriced (the base fee rose since it was signed) is signed again at its nonce with today's fees
   * and sent. Stops at the first that cannot be sent, since the later ones would only wait behind its nonce, and
   * returns that error rather than throwing it: what was sent before it stays marked when the caller commits.
   */
  async function sendInOrder(on: Database | Transaction, chain: string, address: string): Promise<Error | undefined> {
    const client = ctx.chains.get(chain).client;
    const sendRow = (row: store.ChainTransactionRow) =>
      sendSignedTransaction(client, { serializedTransaction: row.rawTransaction as Hex, hash: row.hash as Hash });
    for (let row of await store.listUnsettled(on, chain, address)) {
      try {
        if ((await sendRow(row)) === 'underpriced') {
          row = await bump(row, on);
          if ((await sendRow(row)) === 'underpriced') throw new TransactionSendError(row.hash, new Error('underpriced even with the market fees of now'));
        }
        await store.markSent(on, row.id);
      } catch (error) {
        return error instanceof Error ? error : new Error(String(error));
      }
    }
    return undefined;
  }

  /**
   * Sends the signer's unsettled transactions in nonce order, so that nothing overtakes: one send per signer at a
   * time in this process and, on PostgreSQL (where other processes send too), under the signer's nonce row lock.
   * PGlite has one process and one connection, so it holds no transaction while the node answers.
   */
  async function send(chain: string, address: string): Promise<void> {
    const key = `${chain} ${address}`;
    const previous = sending.get(key) ?? Promise.resolve();
    const current = previous.then(async () => {
      const failure =
        ctx.dbKind === 'pglite'
          ? await sendInOrder(db, chain, address)
          : await db.transaction(async (tx) => {
              await store.lockSignerNonce(tx, chain, address, 0);
              return sendInOrder(tx, chain, address);
            });
      if (failure) throw failure;
    });
    const settled = current.catch(() => undefined);
    sending.set(key, settled);
    void settled.then(() => {
      if (sending.get(key) === settled) sending.delete(key);
    });
    return current;
  }

  /**
   * The outcome of the row's current version; when that is not mined, the first earlier version (a fee bump's
   * predecessor) that was, reported as `minedHash`.
   */
  async function readOutcome(row: store.ChainTransactionRow) {
    const connection = ctx.chains.get(row.chain);
    const outcomeOf = (hash: string) => getTransactionOutcome(connection.client, { hash: hash as Hash, from: row.signerAddress as Address, nonce: row.nonce });
    const current = await outcomeOf(row.hash);
    if (current.status !== 'replaced' || row.previousHashes.length === 0) return { ...current, minedHash: undefined };
    for (const hash of row.previousHashes) {
      const earlier = await outcomeOf(hash);
      if (earlier.status === 'confirmed' || earlier.status === 'reverted') return { ...earlier, minedHash: hash };
    }
    return { ...current, minedHash: undefined };
  }

  /**
   * Signs the transaction again at the same nonce with fees at least 12.5% higher (what nodes ask of a
   * replacement) and no lower than the market's, and stores the new version in its place; the old hash is
   * kept, since either may be mined. Exactly once holds: one nonce, one mined transaction. Writes with `on`
   * (the sender's transaction, which holds the signer's lock).
   */
  async function bump(row: store.ChainTransactionRow, on: Database | Transaction = db): Promise<store.ChainTransactionRow> {
    const connection = ctx.chains.get(row.chain);
    const account = ctx.chains.signers.find((s) => s.address === row.signerAddress)?.account;
    if (!account) return row;
    const parsed = parseTransaction(row.rawTransaction as Hex);
    const market = await connection.client.estimateFeesPerGas().catch(() => undefined);
    const raise = (old: bigint | undefined, floor: bigint | undefined) => {
      const raised = ((old ?? 0n) * 1125n) / 1000n + 1n;
      return floor !== undefined && floor > raised ? floor : raised;
    };
    const { r: _r, s: _s, v: _v, yParity: _y, ...unsigned } = parsed;
    const next =
      parsed.type === 'eip1559'
        ? {
            ...unsigned,
            maxFeePerGas: raise(parsed.maxFeePerGas, market?.maxFeePerGas),
            maxPriorityFeePerGas: raise(parsed.maxPriorityFeePerGas, market?.maxPriorityFeePerGas),
          }
        : { ...unsigned, gasPrice: raise(parsed.gasPrice, market?.gasPrice) };
    const serialized = await account.signTransaction(next as Parameters<typeof account.signTransaction>[0]);
    const replaced = await store.replaceSignedVersion(on, row.id, row.hash, { rawTransaction: serialized, hash: keccak256(serialized) });
    if (replaced) ctx.log.info({ transactionId: row.id, from: row.hash, to: replaced.hash, nonce: row.nonce }, 'signed a transaction again with higher fees');
    return replaced ?? (await store.findChainTransaction(on, row.id))!;
  }

  /** Reads a sent transaction's outcome from the chain and records it once it is final. */
  async function settle(given: store.ChainTransactionRow): Promise<store.ChainTransactionRow> {
    // Fresh from the database: a fee bump may have replaced the version the caller holds.
    const row = (await store.findChainTransaction(db, given.id)) ?? given;
    if (row.status !== 'signed' && row.status !== 'sent') return row;
    const read = () => readOutcome(row);
    let outcome = await read();
    // "Replaced" lets the caller sign anew, so be sure: a node behind a load balancer can know the nonce is used
    // a moment before it serves the receipt. Ask again after a pause.
    if (outcome.status === 'replaced') {
      await sleep(replacedRecheckMs);
      outcome = await read();
    }
    if (outcome.status === 'pending') return row;
    if (outcome.status !== 'replaced') {
      receipts.set(outcome.minedHash ?? row.hash, outcome.receipt);
    }
    // Only if the row still holds the version read: a fee bump that stored a new one meanwhile (its status back
    // to `signed`) would otherwise be marked confirmed under the new, never-mined hash. The next read settles it.
    const settled = await store.settleTransaction(db, row.id, row.hash, {
      status: outcome.status,
      ...(outcome.status !== 'replaced' ? { blockNumber: Number(outcome.blockNumber) } : {}),
      ...(outcome.status === 'confirmed' && outcome.contractAddress ? { contractAddress: outcome.contractAddress } : {}),
      ...(outcome.status === 'replaced' ? { error: 'Another transaction used its nonce.' } : {}),
      ...(outcome.minedHash
        ? { minedVersion: { hash: outcome.minedHash, previousHashes: [...row.previousHashes.filter((h) => h !== outcome.minedHash), row.hash] } }
        : {}),
    });
    return settled ?? (await store.findChainTransaction(db, row.id))!;
  }

  /** Each chain's latest base fee, read at most once a second however many waits ask for it. */
  const baseFees = new Map<string, { readAt: number; fee: Promise<bigint | undefined> }>();
  function latestBaseFee(chain: string): Promise<bigint | undefined> {
    const kept = baseFees.get(chain);
    if (kept && Date.now() - kept.readAt < feeCheckEveryMs) return kept.fee;
    const fee = ctx.chains
      .get(chain)
      .client.getBlock({ blockTag: 'latest' })
      .then(
        (block) => block.baseFeePerGas ?? undefined,
        () => undefined,
      );
    baseFees.set(chain, { readAt: Date.now(), fee });
    return fee;
  }

  /** When each local chain was last asked to mine: at most once a second however many waits ask. */
  const minedAt = new Map<string, number>();
  /** Asks the local devnets where one of `rows` was sent a while ago and is not mined yet to mine a block. */
  async function mineLingeringOnLocalChains(rows: store.ChainTransactionRow[]): Promise<void> {
    const lingering = rows.filter(
      (row) =>
        row.status === 'sent' && row.sentAt && Date.now() - row.sentAt.getTime() >= localMineAfterMs && ctx.chains.get(row.chain).definition.kind === 'local',
    );
    for (const chain of new Set(lingering.map((row) => row.chain))) {
      if (Date.now() - (minedAt.get(chain) ?? 0) < feeCheckEveryMs) continue;
      minedAt.set(chain, Date.now());
      await ctx.chains
        .get(chain)
        .client.request({ method: 'evm_mine' as never, params: [] as never })
        .catch((error: unknown) => ctx.log.warn({ err: error, chain }, 'the local devnet did not mine when asked'));
    }
  }

  /** The sent transactions among `rows` whose fee cap is below their chain's latest base fee. */
  async function belowBaseFee(rows: store.ChainTransactionRow[]): Promise<store.ChainTransactionRow[]> {
    const sent = rows.filter((row) => row.status === 'sent');
    const chains = [...new Set(sent.map((row) => row.chain))];
    const fees = new Map(await Promise.all(chains.map(async (chain) => [chain, await latestBaseFee(chain)] as const)));
    return sent.filter((row) => {
      const baseFee = fees.get(row.chain);
      const parsed = parseTransaction(row.rawTransaction as Hex);
      const cap = parsed.maxFeePerGas ?? parsed.gasPrice;
      return baseFee !== undefined && cap !== undefined && cap < baseFee;
    });
  }

  return {
    /**
     * Takes the signer's next nonce, signs with `sign` and stores the signed transaction, all in `tx`: commit it,
     * then call {@link send} (or {@link waitFor}). Must run inside the caller's transaction; uses only `tx`.
     */
    async record(
      tx: Transaction,
      input: { chain: string; slot: number; purpose: string; subjectId: string; details?: Record<string, string>; sign: SignAtNonce },
    ): Promise<store.ChainTransactionRow> {
      const connection = ctx.chains.get(input.chain);
      const client = connection.signer(input.slot);
      const address = client.account.address;
      const stored = await store.lockSignerNonce(tx, input.chain, address, 0);
      const onChain = await connection.client.getTransactionCount({ address, blockTag: 'pending' });
      // With nothing of ours in flight the chain's count is the truth (it also covers a devnet that was reset);
      // otherwise ours is ahead of it by the transactions not yet sent.
      const inFlight = (await store.listUnsettled(tx, input.chain, address)).length > 0;
      const nonce = inFlight ? Math.max(stored, onChain) : onChain;
      const signed = await input.sign(client, nonce);
      const row = await store.insertChainTransaction(tx, {
        id: randomUUID(),
        chain: input.chain,
        signerAddress: address,
        nonce,
        purpose: input.purpose,
        subjectId: input.subjectId,
        details: input.details ?? {},
        rawTransaction: signed.serializedTransaction,
        hash: signed.hash,
        contractAddress: signed.contractAddress ?? null,
      });
      await store.setSignerNonce(tx, input.chain, address, nonce + 1);
      return row;
    },

    send,

    bump,

    /**
     * A mined transaction's receipt: the one read when it was settled here, or else from the chain. `earlier`
     * are the versions a fee bump replaced (`previousHashes`): only one version of a nonce is ever mined, and
     * rows settled before the fix of ADR 071 can name a version that was not.
     */
    async receipt(chain: string, hash: string, earlier: readonly string[] = []): Promise<TransactionReceipt> {
      for (const version of [hash, ...earlier]) {
        const kept = receipts.get(version);
        if (kept) return kept;
      }
      const client = ctx.chains.get(chain).client;
      let missing: unknown;
      for (const version of [hash, ...earlier]) {
        try {
          return await client.getTransactionReceipt({ hash: version as Hash });
        } catch (error) {
          missing ??= error;
        }
      }
      throw missing;
    },

    /**
     * Sends the transactions (again, every `resendEveryMs`) and waits until each is mined or replaced; returns
     * them settled. Throws TransactionsPendingError after `timeoutMs`.
     */
    async waitFor(ids: string[], options: { timeoutMs?: number; resendEveryMs?: number; bumpAfterMs?: number } = {}): Promise<store.ChainTransactionRow[]> {
      const { timeoutMs = 120_000, resendEveryMs = 15_000, bumpAfterMs } = options;
      const started = Date.now();
      let lastSent = -Infinity;
      let lastFeeCheck = Date.now();
      let sendError: Error | undefined;
      for (;;) {
        const rows = await Promise.all(ids.map(async (id) => (await store.findChainTransaction(db, id))!));
        const unsettled = rows.filter((row) => row.status === 'signed' || row.status === 'sent');
        if (unsettled.length === 0) return rows;
        // A sent transaction whose fee cap the base fee has passed waits in the pool until the base fee falls:
        // look for those every second, rather than only when it is time to resend. On the local devnet, one
        // left in the pool by a full block is mined.
        let priced: store.ChainTransactionRow[] = [];
        if (Date.now() - lastFeeCheck >= feeCheckEveryMs) {
          await mineLingeringOnLocalChains(unsettled);
          if (bumpAfterMs !== undefined) priced = await belowBaseFee(unsettled);
          lastFeeCheck = Date.now();
        }
        if (priced.length > 0 || Date.now() - lastSent >= resendEveryMs) {
          if (bumpAfterMs !== undefined) {
            for (const row of unsettled) {
              // Below the base fee, or sent long ago and still not mined: the fees are too low for the chain as it is now.
              const lingering = row.status === 'sent' && row.sentAt && Date.now() - row.sentAt.getTime() >= bumpAfterMs;
              if ((priced.includes(row) || lingering) && (await readOutcome(row)).status === 'pending') await bump(row);
            }
          }
          const signers = new Map(unsettled.map((row) => [`${row.chain} ${row.signerAddress}`, row]));
          for (const row of signers.values())
            await send(row.chain, row.signerAddress).catch((error: unknown) => (sendError = error instanceof Error ? error : new Error(String(error))));
          lastSent = Date.now();
        }
        // Read outcomes even when a send failed: what was mined before the failure is settled all the same.
        const settled = await Promise.all(rows.map(async (row) => (row.status === 'signed' || row.status === 'sent' ? settle(row) : row)));
        if (settled.every((row) => row.status !== 'signed' && row.status !== 'sent')) return settled;
        if (sendError) throw sendError;
        if (Date.now() - started > timeoutMs)
          throw new TransactionsPendingError(
            unsettled.map((row) => row.hash),
            Date.now() - started,
          );
        await sleep(ctx.chains.get(unsettled[0]!.chain).client.pollingInterval);
      }
    },

    /** The transactions recorded for a subject and purpose, in nonce order (in `tx` when given). */
    async listFor(subjectId: string, purpose: string, tx?: Transaction) {
      return store.listSubjectTransactions(tx ?? db, subjectId, purpose);
    },

    async find(id: string, tx?: Transaction) {
      return store.findChainTransaction(tx ?? db, id);
    },

    /** Sends again every stored transaction that is not known to be mined (after a restart). */
    async resendUnsettled(): Promise<void> {
      for (const { chain, address } of await store.listSignersWithUnsettled(db)) {
        try {
          await send(chain, address);
        } catch (error) {
          ctx.log.warn({ err: error, chain, signer: address }, 'could not resend stored transactions; will try again');
        }
      }
    },
  };
}

export type ChainTransactionService = ReturnType<typeof createChainTransactionService>;
