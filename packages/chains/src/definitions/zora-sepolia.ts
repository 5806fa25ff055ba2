import { zoraSepolia as viemZoraSepolia } from 'viem/chains';
import { defineEvmChain } from './define-evm-chain.ts';

/** `zora-sepolia`: Zora Sepolia, a public testnet (chain id 999999999). */
export const zoraSepolia = defineEvmChain('zora-sepolia', 'testnet', viemZoraSepolia);
