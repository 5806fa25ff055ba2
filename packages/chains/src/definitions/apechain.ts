import { apeChain as viemApechain } from 'viem/chains';
import { defineEvmChain } from './define-evm-chain.ts';

/** `apechain`: ApeChain, a mainnet (chain id 33139). */
export const apechain = defineEvmChain('apechain', 'mainnet', viemApechain);
