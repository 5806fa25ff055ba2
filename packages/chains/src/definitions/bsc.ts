import { bsc as viemBsc } from 'viem/chains';
import { defineEvmChain } from './define-evm-chain.ts';

/** `bsc`: BNB Smart Chain, a mainnet (chain id 56). */
export const bsc = defineEvmChain('bsc', 'mainnet', viemBsc);
