import { polygon as viemPolygon } from 'viem/chains';
import { defineEvmChain } from './define-evm-chain.ts';

/** `polygon`: Polygon, a mainnet (chain id 137). */
export const polygon = defineEvmChain('polygon', 'mainnet', viemPolygon);
