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
};

/** Wraps a viem chain with what Keepsake knows about it. */
export function defineEvmChain(name: EvmBlockchain, kind: ChainKind, chain: Chain, displayName = chain.name): EvmChainDefinition {
  const explorer = chain.blockExplorers?.default.url;
  return { name, family: 'evm', kind, chain, explorerUrl: explorer?.replace(/\/$/, ''), displayName };
}
