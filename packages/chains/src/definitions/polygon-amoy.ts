import { polygonAmoy as viemPolygonAmoy } from 'viem/chains';
import { defineEvmChain } from './define-evm-chain.ts';

/** `polygon-amoy`: Polygon Amoy, a public testnet (chain id 80002). */
export const polygonAmoy = defineEvmChain('polygon-amoy', 'testnet', viemPolygonAmoy);
