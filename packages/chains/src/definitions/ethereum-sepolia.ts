import { sepolia as viemEthereumSepolia } from 'viem/chains';
import { defineEvmChain, eip7825TransactionGasCap } from './define-evm-chain.ts';

/** `ethereum-sepolia`: Sepolia, a public testnet (chain id 11155111). */
export const ethereumSepolia = defineEvmChain('ethereum-sepolia', 'testnet', viemEthereumSepolia, { maxTransactionGas: eip7825TransactionGasCap });
