import { avalancheFuji as viemAvalancheFuji } from 'viem/chains';
import { defineEvmChain } from './define-evm-chain.ts';

/** `avalanche-fuji`: Avalanche Fuji, a public testnet (chain id 43113). */
export const avalancheFuji = defineEvmChain('avalanche-fuji', 'testnet', viemAvalancheFuji);
