import { optimismSepolia as viemOptimismSepolia } from 'viem/chains';
import { defineEvmChain } from './define-evm-chain.ts';

/** `optimism-sepolia`: OP Sepolia, a public testnet (chain id 11155420). */
export const optimismSepolia = defineEvmChain('optimism-sepolia', 'testnet', viemOptimismSepolia);
