import { avalanche as viemAvalanche } from 'viem/chains';
import { defineEvmChain } from './define-evm-chain.ts';

/** `avalanche`: Avalanche, a mainnet (chain id 43114). */
export const avalanche = defineEvmChain('avalanche', 'mainnet', viemAvalanche);
