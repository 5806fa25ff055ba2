import { optimism as viemOptimism } from 'viem/chains';
import { defineEvmChain } from './define-evm-chain.ts';

/** `optimism`: OP Mainnet, a mainnet (chain id 10). */
export const optimism = defineEvmChain('optimism', 'mainnet', viemOptimism);
