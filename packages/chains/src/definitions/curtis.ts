import { curtis as viemCurtis } from 'viem/chains';
import { defineEvmChain } from './define-evm-chain.ts';

/** `curtis`: Curtis, a public testnet (chain id 33111). */
export const curtis = defineEvmChain('curtis', 'testnet', viemCurtis);
