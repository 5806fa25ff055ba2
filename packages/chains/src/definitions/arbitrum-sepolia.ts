import { arbitrumSepolia as viemArbitrumSepolia } from 'viem/chains';
import { defineEvmChain } from './define-evm-chain.ts';

/** `arbitrum-sepolia`: Arbitrum Sepolia, a public testnet (chain id 421614). */
export const arbitrumSepolia = defineEvmChain('arbitrum-sepolia', 'testnet', viemArbitrumSepolia);
