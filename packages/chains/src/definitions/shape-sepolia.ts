import { shapeSepolia as viemShapeSepolia } from 'viem/chains';
import { defineEvmChain } from './define-evm-chain.ts';

/** `shape-sepolia`: Shape Sepolia Testnet, a public testnet (chain id 11011). */
export const shapeSepolia = defineEvmChain('shape-sepolia', 'testnet', viemShapeSepolia);
