// Accepting mints (ADR 050): validate, resolve the recipient (a custodial wallet is created on demand), then
// one transaction that inserts the NFT rows and their `nfts.create` actions (and the idempotency record), and
// a kick to the mint worker. Minting itself happens in nfts/pipeline.ts.
import { randomUUID } from 'node:crypto';
import type { Database, Transaction } from '@keepsake/db/client';
import type { EvmBlockchain } from '@keepsake/chains/blockchains';
import type { ActionService } from '../actions/service.ts';
import type { CollectionService } from '../collections/service.ts';
import type { AppContext } from '../context.ts';
import { NftNotFoundError } from '../collections/errors.ts';
import { InvalidInputError, StateConflictError } from '../platform/domain-errors.ts';
import { requestHashOf, type IdempotencyRequest } from '../idempotency/request-hash.ts';
import { runIdempotent, type IdempotentResult } from '../idempotency/service.ts';
import type { WalletService } from '../wallets/service.ts';
import { createAcceptWriter } from './accept-writer.ts';
import { presentNft } from './present.ts';
import type { MintInput, NftResponse } from './schemas.ts';
import * as store from './store.ts';

type Collection = Awaited<ReturnType<CollectionService['mintTarget']>>;

/** The mint breaks a rule of its collection (fungibility, chain, a failed deploy). */
export class InvalidMintError extends InvalidInputError {}

/** The NFT id is another project's or collection's, or this one's with another body. */
export class NftIdConflictError extends StateConflictError {}

export { NftNotFoundError };

export function createNftService(
  ctx: AppContext,
  deps: { collections: CollectionService; wallets: WalletService; actions: ActionService; kick: (collectionId: string) => void },
) {
  const db = ctx.db;

  function requireMintable(collection: Collection) {
    if (collection.deployStatus === 'failed') {
      throw new InvalidMintError("This collection's contract could not be deployed, so it cannot mint. Create the collection again.");
    }
  }

  /** Checks one mint against the collection and resolves its recipient: the row to insert, less ids. */
  async function prepare(projectId: string, collection: Collection, input: MintInput, at: string) {
    let metadata = input.metadata;
    let templateId: string | null = null;
    let quantity = 1;
    if (collection.fungibility === 'semi-fungible') {
      if (!input.templateId) {
        throw new InvalidMintError(`${at}This collection is semi-fungible (ERC-1155): mint a template with templateId (and amount), not metadata.`);
      }
      const template = await deps.collections.templateForMint(projectId, collection.id, input.templateId);
      metadata = template.metadata;
      templateId = template.id;
      quantity = input.amount ?? 1;
    } else {
      if (!input.metadata) throw new InvalidMintError(`${at}This collection is non-fungible (ERC-721): give the NFT's metadata, not a templateId.`);
      if (input.amount !== undefined && input.amount !== 1)
        throw new InvalidMintError(`${at}amount applies to templates of semi-fungible collections; an ERC-721 mint is one NFT.`);
    }
    const recipient = await deps.wallets.resolveRecipient(projectId, input.recipient, { chain: collection.chain as EvmBlockchain, walletId: false });
    if (recipient.chain !== collection.chain) {
      throw new InvalidMintError(
        `${at}The recipient is on ${recipient.chain} but this collection is on ${collection.chain}: give a ${collection.chain} recipient.`,
      );
    }
    return {
      projectId,
      collectionId: collection.id,
      chain: collection.chain,
      status: 'pending' as const,
      tokenStandard: collection.contractType,
      ownerAddress: recipient.address,
      recipient: input.recipient,
      metadata: metadata!,
      templateId,
      quantity,
      requestHash: requestHashOf(input),
    };
  }

  /** Inserts prepared mints and their actions (one statement); returns the rows inserted (fewer when an id existed). */
  async function insert(tx: Database | Transaction, prepared: Array<Awaited<ReturnType<typeof prepare>> & { id: string }>) {
    return store.insertPendingNfts(
      tx,
      prepared.map((p) => ({ ...p, actionId: randomUUID() })),
      (source) => deps.actions.startManyFrom(source),
    );
  }

  /** POSTs without an idempotency key: their mints are written together with concurrent ones (ADR 053). */
  const writer = createAcceptWriter((mints: Parameters<typeof insert>[1]) => insert(db, mints), {
    maxInFlight: ctx.dbKind === 'pglite' ? 1 : ctx.config.minting.acceptWriters,
    maxRows: 1_000,
  });

  /**
   * Deployed collections, briefly: what minting reads of them (project, chain, type, contract) no longer changes
   * once the deploy succeeded, and a busy collection is asked for on every accept.
   */
  const deployed = new Map<string, { collection: Collection; until: number }>();
  const cacheMs = 5_000;

  async function collectionFor(projectId: string, collectionId: string) {
    const cached = deployed.get(collectionId);
    if (cached && cached.until > Date.now() && cached.collection.projectId === projectId) return cached.collection;
    const collection = await deps.collections.mintTarget(projectId, collectionId);
    requireMintable(collection);
    if (collection.deployStatus === 'success') {
      if (deployed.size > 10_000) deployed.clear();
      deployed.set(collectionId, { collection, until: Date.now() + cacheMs });
    }
    return collection;
  }

  const service = {
    /**
     * POST: one mint (201 with the NFT) or a batch `{nfts:[…]}` (201 with `{results}` in the same order).
     * @throws CollectionNotFoundError, TemplateNotFoundError, InvalidMintError, InvalidWalletLocatorError, IdempotencyKeyReusedError
     */
    async create(projectId: string, collectionId: string, body: MintInput | { nfts: MintInput[] }, idempotency: IdempotencyRequest | undefined) {
      const collection = await collectionFor(projectId, collectionId);
      const batch = 'nfts' in body;
      const inputs = batch ? body.nfts : [body];
      const prepared: Array<Awaited<ReturnType<typeof prepare>> & { id: string }> = [];
      for (const [i, input] of inputs.entries())
        prepared.push({ ...(await prepare(projectId, collection, input, batch ? `nfts[${i}]: ` : '')), id: randomUUID() });
      const answer = (rows: store.NftRow[]) => {
        const presented = rows.map(presentNft);
        return { status: 201, body: batch ? { results: presented } : presented[0]! };
      };
      const result: IdempotentResult<NftResponse | { results: NftResponse[] }> = idempotency
        ? await runIdempotent(db, projectId, idempotency, async (tx) => answer(await insert(tx, prepared)))
        : { ...answer(await writer.write(prepared)), replayed: false };
      if (!result.replayed) deps.kick(collectionId);
      return result;
    },

    /**
     * The console's POST (session or CLI token, ADR 120): the same acceptance as the developer API's, into the
     * collection's project, for its owners and admins.
     * @throws CollectionNotFoundError, CollectionRoleError, and what `create` throws
     */
    async consoleCreate(userId: string, collectionId: string, body: MintInput | { nfts: MintInput[] }, idempotency: IdempotencyRequest | undefined) {
      const { projectId } = await deps.collections.consoleMintTarget(userId, collectionId);
      return service.create(projectId, collectionId, body, idempotency);
    },

    /**
     * PUT: creates the NFT under the caller's id; the same body again answers it (200), another body 409.
     * @throws CollectionNotFoundError, TemplateNotFoundError, InvalidMintError, InvalidWalletLocatorError, NftIdConflictError
     */
    async put(projectId: string, collectionId: string, id: string, input: MintInput) {
      const collection = await collectionFor(projectId, collectionId);
      const existing = await store.findNftById(db, id);
      const requestHash = requestHashOf(input);
      const answerExisting = (row: store.NftRow) => {
        if (row.projectId !== projectId || row.collectionId !== collectionId) throw new NftIdConflictError('This NFT id is taken.');
        if (row.requestHash !== requestHash)
          throw new NftIdConflictError(`NFT ${id} already exists with a different body. PUT the same body again to read it.`);
        return { status: 200, body: presentNft(row) };
      };
      if (existing) return answerExisting(existing);
      const prepared = { ...(await prepare(projectId, collection, input, '')), id };
      const [row] = await insert(db, [prepared]);
      if (!row) return answerExisting((await store.findNftById(db, id))!); // a concurrent PUT won
      deps.kick(collectionId);
      return { status: 201, body: presentNft(row) };
    },

    /** @throws CollectionNotFoundError, NftNotFoundError */
    async get(projectId: string, collectionId: string, id: string) {
      await deps.collections.mintTarget(projectId, collectionId);
      const row = await store.findNft(db, projectId, collectionId, id);
      if (!row) throw new NftNotFoundError();
      return presentNft(row);
    },

    async list(projectId: string, collectionId: string, page: number, perPage: number) {
      await deps.collections.mintTarget(projectId, collectionId);
      return { results: (await store.listNfts(db, projectId, collectionId, page, perPage)).map(presentNft) };
    },
  };
  return service;
}

export type NftService = ReturnType<typeof createNftService>;
