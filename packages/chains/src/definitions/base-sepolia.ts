import { baseSepolia as viemBaseSepolia } from 'viem/chains';
import { defineEvmChain } from './define-evm-chain.ts';

/** `base-sepolia`: Base Sepolia, a public testnet (chain id 84532). */
export const baseSepolia = defineEvmChain('base-sepolia', 'testnet', viemBaseSepolia);
