import { zora as viemZora } from 'viem/chains';
import { defineEvmChain } from './define-evm-chain.ts';

/** `zora`: Zora, a mainnet (chain id 7777777). */
export const zora = defineEvmChain('zora', 'mainnet', viemZora);
