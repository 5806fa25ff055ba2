import { defineChain } from 'viem';
import { defineEvmChain } from './define-evm-chain.ts';

/** The devnet's chain id: anvil's default, which wallets know as a local chain. */
export const devnetChainId = 31337;

/**
 * `devnet`: Keepsake's local EVM chain (anvil), started by `npm start` unless CHAIN_DEVNET_RPC_URL points
 * elsewhere. It is not a public testnet and has no block explorer; its RPC URL is printed at start-up.
 */
export const devnet = defineEvmChain(
  'devnet',
  'local',
  defineChain({
    id: devnetChainId,
    name: 'Keepsake local devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
    testnet: true,
  }),
  { displayName: 'Local devnet' },
);
