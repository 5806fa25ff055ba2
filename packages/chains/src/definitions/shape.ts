import { shape as viemShape } from 'viem/chains';
import { defineEvmChain } from './define-evm-chain.ts';

/** `shape`: Shape, a mainnet (chain id 360). */
export const shape = defineEvmChain('shape', 'mainnet', viemShape);
