// Stablecoins of spec §3, per chain family. On the local devnet, `usdxm` is Keepsake's 6-decimals test
// stablecoin, deployed at start-up (packages/contracts KeepsakeTestUsd).

export const evmStablecoins = ['usdc', 'usdce', 'usdxm', 'weth', 'busd', 'pirate', 'usdf', 'usdt'] as const;
export const solanaStablecoins = ['usdc', 'usdt', 'usdxm', 'bonk', 'eurc'] as const;

export type EvmStablecoin = (typeof evmStablecoins)[number];
export type SolanaStablecoin = (typeof solanaStablecoins)[number];

/** The stablecoin the devnet's test token stands for. */
export const devnetStablecoin: EvmStablecoin = 'usdxm';
