import { abstract as viemAbstract } from 'viem/chains';
import { defineEvmChain } from './define-evm-chain.ts';

/** `abstract`: Abstract, a mainnet (chain id 2741). */
export const abstract = defineEvmChain('abstract', 'mainnet', viemAbstract);
