// The blockchains of spec §3: EVM mainnets and their public testnets, the local devnet, and the non-EVM chains.
// Names are the API's `chain` values (kebab-case), e.g. a recipient locator `base-sepolia:0x…`.

/** EVM mainnets. */
export const evmMainnets = ['ethereum', 'polygon', 'base', 'arbitrum', 'optimism', 'zora', 'avalanche', 'bsc', 'apechain', 'abstract', 'shape'] as const;

/** Public EVM testnets (real networks whose tokens have no value). */
export const evmTestnets = [
  'ethereum-sepolia',
  'polygon-amoy',
  'base-sepolia',
  'arbitrum-sepolia',
  'optimism-sepolia',
  'zora-sepolia',
  'avalanche-fuji',
  'bsc-testnet',
  'curtis',
  'abstract-testnet',
  'shape-sepolia',
] as const;

/**
 * Keepsake's local EVM chain (anvil, chain id 31337), started by `npm start`. It is neither a mainnet nor a
 * public testnet: it exists only on the machine that runs Keepsake.
 */
export const localChains = ['devnet'] as const;

/** Every EVM chain. */
export const evmChains = [...evmMainnets, ...evmTestnets, ...localChains] as const;

/** Chains of other families. Known by name; their adapters come later. */
export const solanaChains = ['solana'] as const;
export const suiChains = ['sui'] as const;
export const aptosChains = ['aptos'] as const;
export const xionChains = ['xion'] as const;
export const stellarChains = ['stellar'] as const;

export const blockchains = [...evmChains, ...solanaChains, ...suiChains, ...aptosChains, ...xionChains, ...stellarChains] as const;

export type EvmMainnet = (typeof evmMainnets)[number];
export type EvmTestnet = (typeof evmTestnets)[number];
export type LocalChain = (typeof localChains)[number];
export type EvmBlockchain = (typeof evmChains)[number];
export type Blockchain = (typeof blockchains)[number];

export const chainFamilies = ['evm', 'solana', 'sui', 'aptos', 'xion', 'stellar'] as const;
export type ChainFamily = (typeof chainFamilies)[number];

/** The family a chain belongs to. */
export function chainFamily(chain: Blockchain): ChainFamily {
  if ((evmChains as readonly string[]).includes(chain)) return 'evm';
  return chain as Exclude<Blockchain, EvmBlockchain>;
}

export function isBlockchain(value: string): value is Blockchain {
  return (blockchains as readonly string[]).includes(value);
}

export function isEvmChain(value: string): value is EvmBlockchain {
  return (evmChains as readonly string[]).includes(value);
}
