import { mainnet as viemEthereum } from 'viem/chains';
import { defineEvmChain } from './define-evm-chain.ts';

/** `ethereum`: Ethereum, a mainnet (chain id 1). */
export const ethereum = defineEvmChain('ethereum', 'mainnet', viemEthereum);
