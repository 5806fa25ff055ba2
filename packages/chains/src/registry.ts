// Every EVM chain Keepsake knows, by API name. Non-EVM chains are enumerated in enums/blockchains.ts.
import type { EvmBlockchain } from './enums/blockchains.ts';
import type { EvmChainDefinition } from './definitions/define-evm-chain.ts';
import { UnknownChainError } from './errors/chain.ts';
import { abstractTestnet } from './definitions/abstract-testnet.ts';
import { abstract } from './definitions/abstract.ts';
import { apechain } from './definitions/apechain.ts';
import { arbitrumSepolia } from './definitions/arbitrum-sepolia.ts';
import { arbitrum } from './definitions/arbitrum.ts';
import { avalancheFuji } from './definitions/avalanche-fuji.ts';
import { avalanche } from './definitions/avalanche.ts';
import { baseSepolia } from './definitions/base-sepolia.ts';
import { base } from './definitions/base.ts';
import { bscTestnet } from './definitions/bsc-testnet.ts';
import { bsc } from './definitions/bsc.ts';
import { curtis } from './definitions/curtis.ts';
import { devnet } from './definitions/devnet.ts';
import { ethereumSepolia } from './definitions/ethereum-sepolia.ts';
import { ethereum } from './definitions/ethereum.ts';
import { optimismSepolia } from './definitions/optimism-sepolia.ts';
import { optimism } from './definitions/optimism.ts';
import { polygonAmoy } from './definitions/polygon-amoy.ts';
import { polygon } from './definitions/polygon.ts';
import { shapeSepolia } from './definitions/shape-sepolia.ts';
import { shape } from './definitions/shape.ts';
import { zoraSepolia } from './definitions/zora-sepolia.ts';
import { zora } from './definitions/zora.ts';

export const evmChainDefinitions: Record<EvmBlockchain, EvmChainDefinition> = {
  'abstract-testnet': abstractTestnet,
  abstract: abstract,
  apechain: apechain,
  'arbitrum-sepolia': arbitrumSepolia,
  arbitrum: arbitrum,
  'avalanche-fuji': avalancheFuji,
  avalanche: avalanche,
  'base-sepolia': baseSepolia,
  base: base,
  'bsc-testnet': bscTestnet,
  bsc: bsc,
  curtis: curtis,
  devnet: devnet,
  'ethereum-sepolia': ethereumSepolia,
  ethereum: ethereum,
  'optimism-sepolia': optimismSepolia,
  optimism: optimism,
  'polygon-amoy': polygonAmoy,
  polygon: polygon,
  'shape-sepolia': shapeSepolia,
  shape: shape,
  'zora-sepolia': zoraSepolia,
  zora: zora,
};

/**
 * The definition of an EVM chain by API name. Throws UnknownChainError for a name that is not one.
 *
 * @example
 * getEvmChainDefinition('base-sepolia').chain.id; // 84532
 */
export function getEvmChainDefinition(name: string): EvmChainDefinition {
  const definition = (evmChainDefinitions as Record<string, EvmChainDefinition | undefined>)[name];
  if (!definition) throw new UnknownChainError(name);
  return definition;
}
