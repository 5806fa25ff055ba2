import { bscTestnet as viemBscTestnet } from 'viem/chains';
import { defineEvmChain } from './define-evm-chain.ts';

/** `bsc-testnet`: BNB Smart Chain Testnet, a public testnet (chain id 97). */
export const bscTestnet = defineEvmChain('bsc-testnet', 'testnet', viemBscTestnet);
