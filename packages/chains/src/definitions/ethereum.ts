import { mainnet as viemEthereum } from 'viem/chains';
import { defineEvmChain, eip7825TransactionGasCap } from './define-evm-chain.ts';

/** `ethereum`: Ethereum, a mainnet (chain id 1). */
export const ethereum = defineEvmChain('ethereum', 'mainnet', viemEthereum, { maxTransactionGas: eip7825TransactionGasCap });
