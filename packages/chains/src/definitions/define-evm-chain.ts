import type { Chain } from 'viem';
import type { EvmBlockchain } from '../enums/blockchains.ts';

/** `mainnet`: real value; `testnet`: a public test network; `local`: only on this machine (the devnet). */
export type ChainKind = 'mainnet' | 'testnet' | 'local';

export type EvmChainDefinition = {
  /** The API's chain name. */
  name: EvmBlockchain;
  family: 'evm';
  kind: ChainKind;
  /** The viem chain: id, native currency, default explorer. */
  chain: Chain;
  /** The block explorer's base URL, when the chain has one. */
  explorerUrl: string | undefined;
  /** What the console shows. */
  displayName: string;
  /**
   * The most gas one transaction may ask for, where the chain caps it below a block: EIP-7825 (Osaka, in the
   * Fusaka upgrade) caps it at 2^24 = 16,777,216 on Ethereum and Sepolia. Undefined: only the block's limit.
   */
  maxTransactionGas: bigint | undefined;
};

/** EIP-7825's per-transaction gas cap (Ethereum and Sepolia since Fusaka). */
export const eip7825TransactionGasCap = 16_777_216n;

/** Wraps a viem chain with what Keepsake knows about it. */
export function defineEvmChain(
  name: EvmBlockchain,
  kind: ChainKind,
  chain: Chain,
  options: { displayName?: string; maxTransactionGas?: bigint } = {},
): EvmChainDefinition {
  const explorer = chain.blockExplorers?.default.url;
  const { displayName = chain.name, maxTransactionGas } = options;
  return { name, family: 'evm', kind, chain, explorerUrl: explorer?.replace(/\/$/, ''), displayName, maxTransactionGas };
}
