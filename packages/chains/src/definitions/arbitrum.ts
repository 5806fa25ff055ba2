import { arbitrum as viemArbitrum } from 'viem/chains';
import { defineEvmChain } from './define-evm-chain.ts';

/** `arbitrum`: Arbitrum One, a mainnet (chain id 42161). */
export const arbitrum = defineEvmChain('arbitrum', 'mainnet', viemArbitrum);
