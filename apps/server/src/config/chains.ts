// The chains: configured RPC endpoints (CHAIN_<NAME>_*, parsed by @keepsake/chains), the embedded devnet and the
// platform signers; and minting on them (batches, gas, fee bumps) and the IPFS gateway of served metadata.
import { resolve } from 'node:path';
import type { ChainEndpoint } from '@keepsake/chains/config';
import { z } from 'zod';
import { booleanString, ConfigError } from './env.ts';

export const chainsEnv = z.object({
  KEEPSAKE_DEVNET: booleanString.default(true),
  KEEPSAKE_DEVNET_PORT: z.coerce.number({ message: 'expected a port number' }).int().min(0).max(65535).default(8545),
  KEEPSAKE_DEVNET_BLOCK_TIME: z.coerce.number({ message: 'expected a number of seconds' }).int().min(0).max(60).default(0),
  KEEPSAKE_SIGNER_COUNT: z.coerce.number({ message: 'expected a whole number' }).int().min(1).max(64).default(4),
  MINT_BATCH_GAS_CAP: z.coerce.number({ message: 'expected a whole number of gas' }).int().min(200_000).max(1_000_000_000).default(28_500_000),
  MINT_GAS_PER_NFT: z.coerce.number({ message: 'expected a whole number of gas' }).int().min(20_000).max(1_000_000).default(47_500),
  MINT_BATCH_MAX_NFTS: z.coerce.number({ message: 'expected a whole number' }).int().min(1).max(5_000).default(1_000),
  MINT_BATCH_LINGER_MS: z.coerce.number({ message: 'expected a number of milliseconds' }).int().min(0).max(60_000).default(1_000),
  MINT_CONCURRENCY: z.coerce.number({ message: 'expected a whole number' }).int().min(1).max(64).default(4),
  MINT_ACCEPT_WRITERS: z.coerce.number({ message: 'expected a whole number' }).int().min(1).max(32).default(2),
  MINT_FEE_BUMP_AFTER_MS: z.coerce.number({ message: 'expected a number of milliseconds' }).int().min(1_000).max(3_600_000).default(30_000),
  IPFS_GATEWAY_URL: z.url({ protocol: /^https?$/, message: 'expected an http:// or https:// URL such as https://ipfs.io' }).default('https://ipfs.io'),
});

export type ChainsConfig = {
  chains: {
    /** Chains reached through a configured RPC URL (`CHAIN_<NAME>_RPC_URL`), in registry order. */
    endpoints: ChainEndpoint[];
    /** The embedded devnet, started by the server; undefined when off or when CHAIN_DEVNET_RPC_URL is set. */
    embeddedDevnet: { port: number; blockTimeSeconds: number; stateDir: string } | undefined;
    /** How many platform signing keys to keep. */
    signerCount: number;
  };
  minting: {
    /** Most gas one batch transaction may use (the devnet's block holds 30M). */
    batchGasCap: number;
    /** The gas a batch plans for each NFT (a mint to a new holder uses about 48k). */
    gasPerNft: number;
    /** Most NFTs in one batch transaction, whatever the gas. */
    batchMaxNfts: number;
    /** How long a batch short of full waits for more mints (from its oldest mint's acceptance). */
    batchLingerMs: number;
    /** Mint jobs a worker process runs at once. */
    concurrency: number;
    /** Group-commit transactions of accepted mints a process writes at once on PostgreSQL (ADR 053). */
    acceptWriters: number;
    /** A batch transaction still pending this long is signed again at the same nonce with higher fees. */
    feeBumpAfterMs: number;
  };
  /** Where `ipfs://` links in served metadata point: `<gateway>/ipfs/<cid>/<path>` (spec §5). No trailing slash. */
  ipfsGatewayUrl: string;
};

/** @throws ConfigError when the embedded devnet would run in a process that is not the only one (KEEPSAKE_ROLE). */
export function chainsConfig(
  e: z.output<typeof chainsEnv>,
  context: { endpoints: ChainEndpoint[]; role: 'all' | 'api' | 'worker'; dataDir: string },
): ChainsConfig {
  const devnetByRpc = context.endpoints.some((endpoint) => endpoint.chain === 'devnet');
  const embeddedDevnet = e.KEEPSAKE_DEVNET && !devnetByRpc;
  if (embeddedDevnet && context.role !== 'all') {
    throw new ConfigError(
      `Invalid configuration:\n  KEEPSAKE_ROLE: the embedded devnet runs inside a single process (KEEPSAKE_ROLE=all); with ${context.role} set CHAIN_DEVNET_RPC_URL to a shared node, or KEEPSAKE_DEVNET=false`,
    );
  }
  return {
    chains: {
      endpoints: context.endpoints,
      embeddedDevnet: embeddedDevnet
        ? { port: e.KEEPSAKE_DEVNET_PORT, blockTimeSeconds: e.KEEPSAKE_DEVNET_BLOCK_TIME, stateDir: resolve(context.dataDir, 'devnet') }
        : undefined,
      signerCount: e.KEEPSAKE_SIGNER_COUNT,
    },
    minting: {
      batchGasCap: e.MINT_BATCH_GAS_CAP,
      gasPerNft: e.MINT_GAS_PER_NFT,
      batchMaxNfts: e.MINT_BATCH_MAX_NFTS,
      batchLingerMs: e.MINT_BATCH_LINGER_MS,
      concurrency: e.MINT_CONCURRENCY,
      acceptWriters: e.MINT_ACCEPT_WRITERS,
      feeBumpAfterMs: e.MINT_FEE_BUMP_AFTER_MS,
    },
    ipfsGatewayUrl: e.IPFS_GATEWAY_URL.replace(/\/+$/, ''),
  };
}
