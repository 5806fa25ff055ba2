import {
  createPublicClient,
  createWalletClient,
  http,
  publicActions,
  type Account,
  type Chain,
  type Client,
  type PublicActions,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem';
import type { EvmChainDefinition } from './definitions/define-evm-chain.ts';

/** A client that reads: any viem client with a transport (public or wallet). */
export type ReadClient = Client<Transport, Chain | undefined>;

/** A client that signs and sends: a viem wallet client with an account and a chain. */
export type SignerClient = Client<Transport, Chain, Account>;

/** A wallet client with the public actions: signs, sends, reads and waits for receipts. */
export type ChainSignerClient = WalletClient<Transport, Chain, Account> & PublicActions<Transport, Chain, Account>;

export type ChainClientOptions = {
  /** The chain id the endpoint serves, when it differs from the definition's. */
  chainId?: number;
  /** How often to poll for blocks and receipts; default 50 ms on the local devnet, viem's default elsewhere. */
  pollingIntervalMs?: number;
};

/**
 * The fee cap's headroom over the base fee when a transaction is signed. Keepsake signs transactions before it
 * sends them (and a batch can wait behind others), while full blocks raise the base fee by up to 12.5% each:
 * twice the base fee (what most wallets sign with) outlasts six full blocks, where viem's 1.2 lasts one. Only
 * the cap: a transaction pays the base fee of its block plus the priority fee.
 */
const baseFeeHeadroom = 2;

/** The viem chain for a definition served at `rpcUrl`. */
export function chainAt(definition: EvmChainDefinition, rpcUrl: string, chainId?: number): Chain {
  const { chain } = definition;
  return {
    ...chain,
    id: chainId ?? chain.id,
    rpcUrls: { default: { http: [rpcUrl] } },
    fees: { ...chain.fees, baseFeeMultiplier: chain.fees?.baseFeeMultiplier ?? baseFeeHeadroom },
  };
}

function pollingInterval(definition: EvmChainDefinition, options: ChainClientOptions): number | undefined {
  return options.pollingIntervalMs ?? (definition.kind === 'local' ? 50 : undefined);
}

/**
 * A client that reads a chain (and waits for receipts).
 *
 * @example
 * const client = createReadClient(devnet, devnetInstance.rpcUrl);
 */
export function createReadClient(definition: EvmChainDefinition, rpcUrl: string, options: ChainClientOptions = {}): PublicClient<Transport, Chain> {
  return createPublicClient({
    chain: chainAt(definition, rpcUrl, options.chainId),
    transport: http(rpcUrl),
    pollingInterval: pollingInterval(definition, options),
  });
}

/**
 * A client that signs with `account` and can read as well: what the actions' `SignerClient` expects.
 *
 * @example
 * const signer = createSignerClient(devnet, rpcUrl, privateKeyToAccount(key));
 */
export function createSignerClient(definition: EvmChainDefinition, rpcUrl: string, account: Account, options: ChainClientOptions = {}): ChainSignerClient {
  return createWalletClient({
    account,
    chain: chainAt(definition, rpcUrl, options.chainId),
    transport: http(rpcUrl),
    pollingInterval: pollingInterval(definition, options),
  }).extend(publicActions);
}
