import { randomUUID } from 'node:crypto';
import { evmChains, isEvmChain, type EvmBlockchain } from '@keepsake/chains/blockchains';
import { ChainNotConfiguredError, UnknownChainError } from '@keepsake/chains/errors/chain';
import { getAddress, type Address, type LocalAccount } from 'viem';
import type { AppContext } from '../context.ts';
import type { ChainConnection } from '../chains/runtime.ts';
import { ChainNotOnServerError, UnknownChainNameError } from '../chains/errors.ts';
import { ResourceNotFoundError } from '../platform/domain-errors.ts';
import type { IdentityService } from '../identity/service.ts';
import type { ProjectService } from '../projects/service.ts';
import { readBalances, type TokenBalance } from './balances.ts';
import { generateWalletKey, openWalletKey } from './custody.ts';
import { formatOwner, InvalidWalletLocatorError, parseWalletLocator, type WalletChainType, type WalletLocator, type WalletOwner } from './locators.ts';
import type { HeldNft, NftHoldingsReader } from './nft-holdings.ts';
import * as store from './store.ts';

/** A custodial wallet as the domain hands it out: never with its key. */
export type Wallet = {
  id: string;
  chainType: WalletChainType;
  /** Keepsake holds the key (ADR 035). */
  type: 'custodial';
  /** EIP-55 checksummed; the same on every EVM chain. */
  address: Address;
  /** `email:<email>` or `userId:<id>`, as the wallet was first asked for. */
  owner: string;
  ownerKind: 'email' | 'userId';
  /** The project's auth user who owns it, when the owner is one (ADR 037). */
  authUserId: string | null;
  createdAt: Date;
};

/** Where a mint goes (ADR 039). `walletId` is set when the address is one of the project's custodial wallets. */
export type ResolvedRecipient = { chain: EvmBlockchain; address: Address; walletId?: string };

export type HeldNftWithLocator = HeldNft & { locator: string };

function toWallet(row: store.WalletRecord): Wallet {
  return {
    id: row.id,
    chainType: row.chainType,
    type: 'custodial',
    address: row.address as Address,
    owner: row.owner,
    ownerKind: row.ownerKind,
    authUserId: row.authUserId,
    createdAt: row.createdAt,
  };
}

/** The project has no such wallet. */
export class WalletNotFoundError extends ResourceNotFoundError {
  constructor() {
    super('Wallet not found.');
  }
}

const walletNotFound = () => new WalletNotFoundError();

/** Parses a comma-separated list query value; undefined when absent or empty. */
function listOf(value: string | undefined): string[] | undefined {
  const items = value
    ?.split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  return items && items.length > 0 ? [...new Set(items)] : undefined;
}

/**
 * The wallets domain. Other domains use `resolveRecipient`, `findWalletsForUser` and `walletAccount`; the
 * routes use the rest. Every call is scoped to one project: another project's wallet is never found.
 */
export function createWalletService(ctx: AppContext, deps: { identity: IdentityService; projects: ProjectService; nfts: NftHoldingsReader }) {
  const db = ctx.db;

  /**
   * What makes the owner's wallet unique in the project (ADR 037): `user:<auth user id>` when the owner is
   * one of the project's auth users, else `userId:<id>`. With `create`, an email owner without an auth user
   * gets a pending one (through the identity service); without it, such an owner has no key (no wallet).
   */
  async function ownerKey(projectId: string, owner: WalletOwner, create: boolean): Promise<{ key: string; authUserId: string | null } | undefined> {
    if (owner.kind === 'email') {
      const user = create
        ? await deps.identity.getOrCreateProjectUserByEmail(projectId, owner.email)
        : await deps.identity.findProjectUserByEmail(projectId, owner.email);
      return user ? { key: `user:${user.userId}`, authUserId: user.userId } : undefined;
    }
    const user = await deps.identity.findProjectUser(projectId, owner.userId);
    return user ? { key: `user:${user.userId}`, authUserId: user.userId } : { key: `userId:${owner.userId}`, authUserId: null };
  }

  /**
   * The owner's wallet of the chain family, created on first use. Exactly one exists however many requests
   * race: the (project, chain family, owner key) unique index settles it, and the losers read the winner.
   */
  async function getOrCreateWallet(projectId: string, owner: WalletOwner, chainType: WalletChainType): Promise<{ wallet: Wallet; created: boolean }> {
    const identity = (await ownerKey(projectId, owner, true))!;
    const existing = await store.findWalletByOwnerKey(db, projectId, chainType, identity.key);
    if (existing) return { wallet: toWallet(existing), created: false };
    const key = generateWalletKey(ctx.keys.master);
    const inserted = await store.insertWalletIfAbsent(db, {
      id: randomUUID(),
      projectId,
      chainType,
      address: key.address,
      ownerKind: owner.kind,
      owner: formatOwner(owner),
      ownerKey: identity.key,
      authUserId: identity.authUserId,
      sealedPrivateKey: key.sealedPrivateKey,
    });
    if (inserted) return { wallet: toWallet(inserted), created: true };
    const winner = await store.findWalletByOwnerKey(db, projectId, chainType, identity.key);
    if (!winner) throw new Error('a wallet vanished while resolving a concurrent create');
    return { wallet: toWallet(winner), created: false };
  }

  /** The project's wallet a parsed locator names, or undefined. Creates nothing. */
  async function findByLocator(projectId: string, locator: WalletLocator): Promise<Wallet | undefined> {
    if (locator.kind === 'address') {
      const row = await store.findWalletByAddress(db, projectId, locator.address);
      return row && row.chainType === locator.chainType ? toWallet(row) : undefined;
    }
    const identity = await ownerKey(projectId, locator, false);
    const row = identity ? await store.findWalletByOwnerKey(db, projectId, locator.chainType, identity.key) : undefined;
    return row && toWallet(row);
  }

  /** @throws InvalidWalletLocatorError for a bad locator; WalletNotFoundError when the project has no such wallet. */
  async function getByLocator(projectId: string, locatorText: string): Promise<{ wallet: Wallet; locator: WalletLocator }> {
    const locator = parseWalletLocator(locatorText);
    const wallet = await findByLocator(projectId, locator);
    if (!wallet) throw walletNotFound();
    return { wallet, locator };
  }

  async function getByAddress(projectId: string, address: string): Promise<Wallet> {
    const row = await store.findWalletByAddress(db, projectId, getAddress(address.toLowerCase()));
    if (!row) throw walletNotFound();
    return toWallet(row);
  }

  function connection(chain: string): ChainConnection {
    try {
      return ctx.chains.get(chain);
    } catch (error) {
      if (error instanceof ChainNotConfiguredError) {
        throw new ChainNotOnServerError(`The chain "${chain}" is not configured on this server.`);
      }
      if (error instanceof UnknownChainError) throw new UnknownChainNameError(chain);
      throw error;
    }
  }

  /** The chains asked for, else the locator's chain, else every configured EVM chain. */
  function balanceConnections(locatorChain: EvmBlockchain | undefined, requested: string | undefined): ChainConnection[] {
    const names = listOf(requested) ?? (locatorChain ? [locatorChain] : undefined);
    return names ? names.map(connection) : ctx.chains.connections;
  }

  /** The chains asked for, else the locator's chain, else every EVM chain. NFT reads need no RPC. */
  function nftChains(locatorChain: EvmBlockchain | undefined, requested: string | undefined): string[] {
    const names = listOf(requested);
    if (!names) return locatorChain ? [locatorChain] : [...evmChains];
    for (const name of names) if (!isEvmChain(name)) throw new UnknownChainNameError(name);
    return names;
  }

  async function balancesOf(wallet: Wallet, locatorChain: EvmBlockchain | undefined, query: { chains?: string | undefined; tokens?: string | undefined }) {
    return readBalances(ctx.chains, balanceConnections(locatorChain, query.chains), wallet.address, listOf(query.tokens));
  }

  async function nftsOf(projectId: string, wallet: Wallet, chains: string[], page: number, perPage: number): Promise<HeldNftWithLocator[]> {
    const held = await deps.nfts.listHeld({ projectId, address: wallet.address, chains, page, perPage });
    return held.map((nft) => ({ ...nft, locator: `${nft.chain}:${nft.contractAddress}:${nft.tokenId}` }));
  }

  /** Console access: any member of the project may read its wallets; others get 404 for the project. */
  async function requireMember(projectId: string, userId: string): Promise<void> {
    await deps.projects.getProject(projectId, userId);
  }

  return {
    /**
     * Resolves a mint recipient for the minting pipeline (ADR 039):
     * - `<chain>:<address>` (or an address, with `options.chain`): that address; `walletId` when it is one of
     *   the project's custodial wallets;
     * - `email:<email>:<chain>` / `userId:<id>:<chain>`: the owner's custodial wallet, created on demand exactly
     *   once under concurrency (an email owner gets a pending auth user of the project if it has none).
     * `chain` is the locator's chain, else `options.chain` (a locator naming only `evm`, or a bare address).
     * `options.walletId: false` skips looking an address up among the wallets (callers that need only the address).
     *
     * @example
     * const { chain, address, walletId } = await wallets.resolveRecipient(projectId, 'email:alice@example.com:devnet');
     * @throws InvalidWalletLocatorError (`invalid_wallet_locator`) for a malformed locator or one with no chain.
     */
    async resolveRecipient(projectId: string, locatorText: string, options: { chain?: EvmBlockchain; walletId?: boolean } = {}): Promise<ResolvedRecipient> {
      const locator = parseWalletLocator(locatorText, 'recipient');
      const chain = locator.chain ?? options.chain;
      if (!chain) {
        throw new InvalidWalletLocatorError(
          `Invalid recipient ${JSON.stringify(locatorText.slice(0, 80))}: name the chain, e.g. email:<email>:<chain>, userId:<id>:<chain> or <chain>:<address>.`,
        );
      }
      if (locator.kind === 'address') {
        if (options.walletId === false) return { chain, address: locator.address };
        const wallet = await store.findWalletByAddress(db, projectId, locator.address);
        return wallet ? { chain, address: locator.address, walletId: wallet.id } : { chain, address: locator.address };
      }
      const { wallet } = await getOrCreateWallet(projectId, locator, locator.chainType);
      return { chain, address: wallet.address, walletId: wallet.id };
    },

    /**
     * The custodial wallets of one of the project's auth users (their email wallets, and userId wallets under
     * their auth user id), oldest first: what `/user/collection` lists NFTs from.
     */
    async findWalletsForUser(projectId: string, authUserId: string): Promise<Wallet[]> {
      return (await store.findWalletsOfAuthUser(db, projectId, authUserId)).map(toWallet);
    },

    /**
     * The custodial wallets of several auth users at once, each in its own project (every pair must match):
     * what `/user/collection` lists a platform user's NFTs from across projects (ADR 060). Oldest first.
     */
    async findWalletsForUsers(owners: ReadonlyArray<{ projectId: string; userId: string }>): Promise<Array<Wallet & { projectId: string }>> {
      const pairs = new Set(owners.map((o) => `${o.projectId}:${o.userId}`));
      const rows = await store.findWalletsOfAuthUsers(db, [...new Set(owners.map((o) => o.userId))]);
      return rows.filter((row) => pairs.has(`${row.projectId}:${row.authUserId}`)).map((row) => ({ ...toWallet(row), projectId: row.projectId }));
    },

    /**
     * The signing account of one of the project's wallets, unsealed in memory (for transfers). Never log it
     * beyond its address.
     * @throws WalletNotFoundError when the project has no such wallet.
     */
    async walletAccount(projectId: string, walletId: string): Promise<LocalAccount> {
      const sealed = await store.findSealedKey(db, projectId, walletId);
      if (!sealed) throw walletNotFound();
      return openWalletKey(ctx.keys.master, sealed.sealedPrivateKey, sealed.address);
    },

    getOrCreateWallet,

    /** GET /wallets/{locator}. @throws InvalidWalletLocatorError, WalletNotFoundError */
    async getWallet(projectId: string, locatorText: string): Promise<Wallet> {
      return (await getByLocator(projectId, locatorText)).wallet;
    },

    /**
     * GET /wallets/{locator}/balances: `chains` and `tokens` are comma-separated filters.
     * @throws InvalidWalletLocatorError, WalletNotFoundError, UnknownChainNameError, ChainNotOnServerError, UnknownTokenError, ChainUnavailableError
     */
    async getBalances(projectId: string, locatorText: string, query: { chains?: string | undefined; tokens?: string | undefined }): Promise<TokenBalance[]> {
      const { wallet, locator } = await getByLocator(projectId, locatorText);
      return balancesOf(wallet, locator.chain, query);
    },

    /** GET /wallets/{locator}/nfts. @throws InvalidWalletLocatorError, WalletNotFoundError, UnknownChainNameError */
    async listNfts(
      projectId: string,
      locatorText: string,
      query: { chains?: string | undefined; page: number; perPage: number },
    ): Promise<HeldNftWithLocator[]> {
      const { wallet, locator } = await getByLocator(projectId, locatorText);
      return nftsOf(projectId, wallet, nftChains(locator.chain, query.chains), query.page, query.perPage);
    },

    /** Console: a page of the project's wallets, optionally searched by owner or address. @throws ProjectNotFoundError */
    async consoleList(projectId: string, userId: string, query: { page: number; perPage: number; search: string | undefined }) {
      await requireMember(projectId, userId);
      const { rows, total } = await store.listWallets(db, projectId, query);
      return { wallets: rows.map(toWallet), total };
    },

    /** Console: one wallet by address, and the chains this server can reach it on. @throws ProjectNotFoundError, WalletNotFoundError */
    async consoleGet(projectId: string, userId: string, address: string) {
      await requireMember(projectId, userId);
      return { wallet: await getByAddress(projectId, address), chains: ctx.chains.connections };
    },

    /** Console: a wallet's balances on every configured chain. @throws ProjectNotFoundError, WalletNotFoundError, ChainUnavailableError */
    async consoleBalances(projectId: string, userId: string, address: string): Promise<TokenBalance[]> {
      await requireMember(projectId, userId);
      return balancesOf(await getByAddress(projectId, address), undefined, {});
    },

    /** Console: a page of a wallet's NFTs on every EVM chain. @throws ProjectNotFoundError, WalletNotFoundError */
    async consoleNfts(projectId: string, userId: string, address: string, query: { page: number; perPage: number }): Promise<HeldNftWithLocator[]> {
      await requireMember(projectId, userId);
      return nftsOf(projectId, await getByAddress(projectId, address), [...evmChains], query.page, query.perPage);
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
