import { abstractTestnet as viemAbstractTestnet } from 'viem/chains';
import { defineEvmChain } from './define-evm-chain.ts';

/** `abstract-testnet`: Abstract Testnet, a public testnet (chain id 11124). */
export const abstractTestnet = defineEvmChain('abstract-testnet', 'testnet', viemAbstractTestnet);
