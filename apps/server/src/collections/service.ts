import { randomUUID } from 'node:crypto';
import type { Transaction } from '@keepsake/db/client';
import type { CollectionRow } from './store.ts';
import type { TokenMetadataColumn as TemplateMetadata } from '@keepsake/db/schema';
import { getSupplyLimit } from '@keepsake/chains/actions/get-supply-limit';
import { isEvmChain, type Blockchain } from '@keepsake/chains/blockchains';
import { ChainNotConfiguredError } from '@keepsake/chains/errors/chain';
import type { PaymentsPatch } from '@keepsake/wire/developer/collection-payments';
import type { Address } from 'viem';
import type { ActionService } from '../actions/service.ts';
import type { AppContext } from '../context.ts';
import { ChainNotOnServerError, ChainUnavailableError, UnsupportedChainError } from '../chains/errors.ts';
import { requestHashOf, type IdempotencyRequest } from '../idempotency/request-hash.ts';
import { runIdempotent } from '../idempotency/service.ts';
import { ProjectNotFoundError, type ProjectService } from '../projects/service.ts';
import {
  CollectionIdConflictError,
  CollectionNotFoundError,
  CollectionRoleError,
  InvalidCollectionChangeError,
  TemplateNotFoundError,
  TemplateTokenIdTakenError,
} from './errors.ts';
import { DEPLOY_QUEUE, deployJobOptions, SUPPLY_QUEUE, type DeployJob } from './queues.ts';
import { chainFacts, presentCollection, presentConsoleCollection, presentTemplate } from './present.ts';
import type { CreateCollectionInput, CreateTemplateInput, UpdateCollectionInput } from './schemas.ts';
import { mergePayments, readPayments } from './payments.ts';
import * as store from './store.ts';
import { createKeptReads } from '../platform/kept-reads.ts';

const managers = ['owner', 'admin'];

/** A symbol when none was given: the name's letters and digits, upper-case, at most 5 (e.g. "Gold Tickets" → "GOLDT"). */
export function deriveSymbol(name: string): string {
  return (
    name
      .replace(/[^A-Za-z0-9]/g, '')
      .toUpperCase()
      .slice(0, 5) || 'NFT'
  );
}

type MetadataPatch = { name?: string | undefined; description?: string | undefined; imageUrl?: string | undefined; symbol?: string | undefined };

export function createCollectionService(ctx: AppContext, deps: { projects: ProjectService; actions: ActionService }) {
  const db = ctx.db;
  /**
   * Deployed collections as checkout quotes them (ADR 122), by `projectId:id`: read on every order, changed by the
   * writes below, which forget them here; another process of the deployment sees a change within 5 s.
   */
  const forSale = createKeptReads<string, CollectionRow>({ ttlMs: 5_000 });
  const forSaleKey = (projectId: string, id: string) => `${projectId}:${id}`;

  /** Only EVM chains this server is connected to take collections. @throws UnsupportedChainError, ChainNotOnServerError */
  function requireDeployableChain(chain: Blockchain) {
    if (!isEvmChain(chain)) {
      throw new UnsupportedChainError(chain);
    }
    try {
      ctx.chains.get(chain);
    } catch (error) {
      if (error instanceof ChainNotConfiguredError) {
        throw new ChainNotOnServerError(`The chain "${chain}" is not configured on this Keepsake server. ${error.metaMessages.join(' ')}`);
      }
      throw error;
    }
  }

  async function enqueue(queue: string, collectionId: string) {
    await ctx.jobs.send<DeployJob>(queue, { collectionId }, deployJobOptions);
  }

  /** Inserts the collection and its `collections.create` action in `tx`; an id that exists is answered, not replaced. */
  async function insert(tx: Transaction, projectId: string, input: CreateCollectionInput, id: string) {
    requireDeployableChain(input.chain);
    if (input.fungibility === 'semi-fungible' && input.supplyLimit !== undefined) {
      throw new InvalidCollectionChangeError(
        'supplyLimit applies to non-fungible collections; give each template of a semi-fungible collection a supply.limit instead.',
      );
    }
    const requestHash = requestHashOf(input);
    const { name, description, imageUrl, symbol } = input.metadata;
    const actionId = randomUUID();
    const row = await store.insertCollectionIfAbsent(tx, {
      id,
      projectId,
      chain: input.chain,
      fungibility: input.fungibility,
      contractType: input.fungibility === 'semi-fungible' ? 'erc-1155' : 'erc-721',
      metadata: { name, description, ...(imageUrl ? { imageUrl } : {}), symbol: symbol ?? deriveSymbol(name) },
      supplyLimit: input.supplyLimit ?? null,
      payments: input.payments ? mergePayments(ctx.chains, input.chain, null, input.payments) : null,
      requestHash,
      actionId,
    });
    if (!row) {
      const existing = await store.findCollectionById(tx, id);
      if (!existing || existing.projectId !== projectId) throw new CollectionIdConflictError('This collection id is taken.');
      if (existing.requestHash !== requestHash) {
        throw new CollectionIdConflictError(`Collection ${id} already exists with a different body. PUT the same body again, or PATCH it to change it.`);
      }
      return { status: 200, body: presentCollection(existing) };
    }
    await deps.actions.start(tx, {
      id: actionId,
      projectId,
      action: 'collections.create',
      resourcePath: `/api/2022-06-09/collections/${id}`,
      data: { collectionId: id, chain: input.chain },
    });
    return { status: 201, body: presentCollection(row) };
  }

  /** The project's collection, or 404 (another project's collection is not found either). */
  async function collectionOf(projectId: string, id: string) {
    const row = await store.findCollection(db, projectId, id);
    if (!row) throw new CollectionNotFoundError();
    return row;
  }

  /** A console member's collection: 404 unless the user is a member of its project; `manage` needs owner or admin. */
  async function consoleCollection(userId: string, id: string, manage: boolean, action = 'change collections') {
    const row = await store.findCollectionById(db, id);
    if (!row) throw new CollectionNotFoundError();
    const { role } = await deps.projects.getProject(row.projectId, userId).catch((error: unknown) => {
      throw error instanceof ProjectNotFoundError ? new CollectionNotFoundError() : error;
    });
    if (manage && !managers.includes(role)) throw new CollectionRoleError(`Only project owners and admins can ${action}.`);
    return row;
  }

  async function requireManager(projectId: string, userId: string) {
    const { role } = await deps.projects.getProject(projectId, userId);
    if (!managers.includes(role)) throw new CollectionRoleError('Only project owners and admins can create collections.');
  }

  /** Merges a metadata patch; the symbol is on chain from the deploy on, so it stays. */
  function mergeMetadata(row: CollectionRow, patch: MetadataPatch | undefined) {
    if (!patch) return undefined;
    if (patch.symbol !== undefined && patch.symbol !== row.metadata.symbol) {
      throw new InvalidCollectionChangeError('The symbol is written into the contract when it is deployed and cannot change.');
    }
    const merged = { ...row.metadata, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) };
    if (merged.imageUrl === '') delete merged.imageUrl;
    return merged;
  }

  /** Checks a new ERC-721 supply limit against what is minted on chain; true when the contract must follow. */
  async function checkSupplyLimit(row: CollectionRow, limit: number | null): Promise<boolean> {
    if (row.fungibility === 'semi-fungible') {
      throw new InvalidCollectionChangeError('supplyLimit applies to non-fungible collections; semi-fungible collections limit each template (supply.limit).');
    }
    if (row.deployStatus !== 'success' || !row.contractAddress) return row.deployStatus === 'pending';
    const { minted } = await getSupplyLimit(ctx.chains.get(row.chain).client, { contractType: 'erc-721', contract: row.contractAddress as Address }).catch(
      (error: unknown) => {
        ctx.log.warn({ err: error, collectionId: row.id }, 'could not read the supply on chain');
        throw new ChainUnavailableError(`The ${row.chain} chain did not answer; try again shortly.`);
      },
    );
    if (limit !== null && BigInt(limit) < minted) {
      throw new InvalidCollectionChangeError(`The supply limit cannot be below the ${minted} NFTs already minted.`);
    }
    return true;
  }

  async function update(projectId: string, id: string, patch: UpdateCollectionInput & { socialLinks?: CollectionRow['socialLinks'] | undefined }) {
    let syncSupply = false;
    forSale.forget(forSaleKey(projectId, id));
    const row = await db.transaction(async (tx) => {
      const locked = await store.lockCollection(tx, id);
      if (!locked || locked.projectId !== projectId) throw new CollectionNotFoundError();
      const metadata = mergeMetadata(locked, patch.metadata);
      if (patch.supplyLimit !== undefined && patch.supplyLimit !== locked.supplyLimit) syncSupply = await checkSupplyLimit(locked, patch.supplyLimit);
      return store.updateCollection(tx, id, {
        ...(metadata ? { metadata } : {}),
        ...(patch.supplyLimit !== undefined ? { supplyLimit: patch.supplyLimit } : {}),
        ...(patch.payments !== undefined
          ? { payments: patch.payments && mergePayments(ctx.chains, locked.chain, readPayments(locked.payments, locked.chain), patch.payments) }
          : {}),
        ...(patch.socialLinks ? { socialLinks: { ...locked.socialLinks, ...patch.socialLinks } } : {}),
      });
    });
    forSale.forget(forSaleKey(projectId, id));
    if (syncSupply && row?.deployStatus === 'success') await enqueue(SUPPLY_QUEUE, id);
    return row!;
  }

  async function create(projectId: string, input: CreateCollectionInput, options: { id?: string; idempotency?: IdempotencyRequest | undefined } = {}) {
    const id = options.id ?? randomUUID();
    const result = await runIdempotent(db, projectId, options.idempotency, (tx) => insert(tx, projectId, input, id));
    if (!result.replayed && result.status === 201) await enqueue(DEPLOY_QUEUE, result.body.id);
    return result;
  }

  async function consoleGet(userId: string, id: string) {
    const row = await consoleCollection(userId, id, false);
    return presentConsoleCollection(ctx, row, await store.countTemplates(db, id));
  }

  return {
    /**
     * Creates a collection (POST: a new id; PUT: the caller's id, idempotently) and queues its deploy.
     * @throws UnsupportedChainError, ChainNotOnServerError, InvalidCollectionChangeError; CollectionIdConflictError for an id in use;
     * IdempotencyKeyReusedError.
     */
    create,

    /** @throws CollectionNotFoundError */
    async get(projectId: string, id: string) {
      return presentCollection(await collectionOf(projectId, id));
    },

    async list(projectId: string, page: number, perPage: number) {
      return { results: (await store.listCollections(db, projectId, page, perPage)).map(presentCollection) };
    },

    /**
     * Metadata (the symbol excepted), the ERC-721 supply limit (kept on chain in step), and payments.
     * @throws CollectionNotFoundError, InvalidCollectionChangeError, ChainUnavailableError
     */
    async update(projectId: string, id: string, patch: UpdateCollectionInput) {
      return presentCollection(await update(projectId, id, patch));
    },

    /**
     * Templates belong to semi-fungible collections: one ERC-1155 token id each.
     * @throws CollectionNotFoundError, InvalidCollectionChangeError, TemplateTokenIdTakenError, IdempotencyKeyReusedError
     */
    async createTemplate(projectId: string, collectionId: string, input: CreateTemplateInput, idempotency: IdempotencyRequest | undefined) {
      let deployed = false;
      const result = await runIdempotent(db, projectId, idempotency, async (tx) => {
        const collection = await store.lockCollection(tx, collectionId);
        if (!collection || collection.projectId !== projectId) throw new CollectionNotFoundError();
        if (collection.fungibility !== 'semi-fungible') {
          throw new InvalidCollectionChangeError('Templates belong to semi-fungible collections (ERC-1155); this collection is non-fungible.');
        }
        deployed = collection.deployStatus === 'success';
        const tokenId = input.onChain?.tokenId ?? (await store.nextTemplateTokenId(tx, collectionId));
        const row = await store.insertTemplateIfAbsent(tx, {
          id: randomUUID(),
          collectionId,
          projectId,
          tokenId,
          metadata: input.metadata,
          supplyLimit: input.supply?.limit ?? null,
          requestHash: requestHashOf(input),
        });
        if (!row) throw new TemplateTokenIdTakenError(tokenId);
        return { status: 201, body: presentTemplate(row) };
      });
      if (!result.replayed && deployed && input.supply?.limit !== undefined) await enqueue(SUPPLY_QUEUE, collectionId);
      return result;
    },

    async listTemplates(projectId: string, collectionId: string, page: number, perPage: number) {
      await collectionOf(projectId, collectionId);
      return { results: (await store.listTemplates(db, collectionId, page, perPage)).map(presentTemplate) };
    },

    /** @throws TemplateNotFoundError */
    async getTemplate(projectId: string, collectionId: string, templateId: string) {
      await collectionOf(projectId, collectionId);
      const row = await store.findTemplate(db, projectId, collectionId, templateId);
      if (!row) throw new TemplateNotFoundError();
      return presentTemplate(row);
    },

    // For the minting pipeline (nfts domain).

    /** The project's collection as minting needs it. @throws CollectionNotFoundError (for another project's too) */
    async mintTarget(projectId: string, id: string) {
      return collectionOf(projectId, id);
    },

    /**
     * The project's collection as checkout prices it (payment settings, limit, metadata, deploy state): a deployed
     * one is kept per process for 5 s, and forgotten at once by this process's changes (ADR 122).
     * @throws CollectionNotFoundError (for another project's too)
     */
    async forCheckout(projectId: string, id: string) {
      return forSale.read(
        forSaleKey(projectId, id),
        () => collectionOf(projectId, id),
        (row) => row.deployStatus === 'success',
      );
    },

    /** Any project's collection, for the mint workers. */
    async findForWorker(id: string) {
      return store.findCollectionById(db, id);
    },

    /** A collection's template token ids by template id, for the mint workers. */
    async templateTokenIds(collectionId: string): Promise<Map<string, string>> {
      return new Map((await store.listAllTemplates(db, collectionId)).map((t) => [t.id, t.tokenId]));
    },

    /** The project's template of the collection. @throws TemplateNotFoundError */
    async templateForMint(projectId: string, collectionId: string, templateId: string) {
      const row = await store.findTemplate(db, projectId, collectionId, templateId);
      if (!row) throw new TemplateNotFoundError(`Template ${templateId} not found in this collection.`);
      return row;
    },

    /** Serves minted tokens' metadata at their tokenURI, written in the caller's transaction with the mint. */
    async recordTokenMetadata(tx: Transaction, collectionId: string, entries: Array<{ tokenId: string; metadata: TemplateMetadata }>) {
      await store.insertTokenMetadata(tx, collectionId, entries);
    },

    // The console (session auth). Members read; owners and admins create and change.

    /** @throws ProjectNotFoundError */
    async consoleList(userId: string, projectId: string, page: number, perPage: number) {
      await deps.projects.getProject(projectId, userId);
      const [rows, total] = await Promise.all([store.listCollections(db, projectId, page, perPage), store.countCollections(db, projectId)]);
      const templates = await store.countTemplatesOf(
        db,
        rows.map((row) => row.id),
      );
      return { collections: rows.map((row) => presentConsoleCollection(ctx, row, templates.get(row.id) ?? 0)), page, perPage, total };
    },

    /** @throws ProjectNotFoundError, CollectionRoleError, and what `create` throws */
    async consoleCreate(userId: string, projectId: string, input: CreateCollectionInput) {
      await requireManager(projectId, userId);
      const created = await create(projectId, input);
      return consoleGet(userId, created.body.id);
    },

    consoleGet,

    /**
     * The project a console user mints into (ADR 120): owners and admins, as for every change to a collection.
     * @throws CollectionNotFoundError (also for a collection of a project the user is not in), CollectionRoleError
     */
    async consoleMintTarget(userId: string, id: string) {
      const row = await consoleCollection(userId, id, true, 'mint');
      return { projectId: row.projectId };
    },

    /** @throws CollectionNotFoundError, CollectionRoleError, InvalidCollectionChangeError */
    async consoleUpdate(
      userId: string,
      id: string,
      patch: { metadata?: MetadataPatch | undefined; socialLinks?: CollectionRow['socialLinks'] | undefined; payments?: PaymentsPatch | null | undefined },
    ) {
      const row = await consoleCollection(userId, id, true);
      await update(row.projectId, id, { metadata: patch.metadata, socialLinks: patch.socialLinks, payments: patch.payments });
      return consoleGet(userId, id);
    },

    /** @throws CollectionNotFoundError, CollectionRoleError */
    async consoleUpdateBranding(userId: string, id: string, branding: CollectionRow['branding']) {
      const row = await consoleCollection(userId, id, true);
      forSale.forget(forSaleKey(row.projectId, id));
      await store.updateCollection(db, row.id, { branding: { ...row.branding, ...branding } });
      forSale.forget(forSaleKey(row.projectId, id));
      return consoleGet(userId, id);
    },

    /** The chains this server can deploy on, for the console's chain select. */
    deployableChains() {
      return ctx.chains.connections.map((c) => ({ chain: c.chain, chainId: c.chainId, ...chainFacts(ctx, c.chain) }));
    },
  };
}

export type CollectionService = ReturnType<typeof createCollectionService>;
