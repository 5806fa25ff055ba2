import { base as viemBase } from 'viem/chains';
import { defineEvmChain } from './define-evm-chain.ts';

/** `base`: Base, a mainnet (chain id 8453). */
export const base = defineEvmChain('base', 'mainnet', viemBase);
