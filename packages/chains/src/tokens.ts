// The ERC-20 tokens Keepsake knows per EVM chain, for wallet balances: Circle's native USDC on the chains
// where it is issued. The devnet's test stablecoin (USDXM) is deployed at start-up, so its address is known
// only at run time; `devnetStablecoinToken` describes it.
import { getAddress, type Address } from 'viem';
import type { EvmBlockchain } from './enums/blockchains.ts';

export type KnownToken = {
  /** Lower case, as the API's `tokens` filter and the §3 stablecoin names spell it (`usdc`, `usdxm`). */
  symbol: string;
  name: string;
  decimals: number;
  address: Address;
};

function usdc(address: string): KnownToken {
  return { symbol: 'usdc', name: 'USD Coin', decimals: 6, address: getAddress(address) };
}

/** Circle's native USDC (not bridged variants) by chain. Chains not listed have no known ERC-20s. */
export const knownTokens: Partial<Record<EvmBlockchain, readonly KnownToken[]>> = {
  ethereum: [usdc('0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')],
  base: [usdc('0x833589fcd6edb6e08f4c7c32d4f71b54bda02913')],
  polygon: [usdc('0x3c499c542cef5e3811e1192ce70d8cc03d5c3359')],
  arbitrum: [usdc('0xaf88d065e77c8cc2239327c5edb3a432268e5831')],
  optimism: [usdc('0x0b2c639c533813f4aa9d7837caf62653d097ff85')],
  avalanche: [usdc('0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e')],
  'ethereum-sepolia': [usdc('0x1c7d4b196cb0c7b01d743fbc6116a902379c7238')],
  'base-sepolia': [usdc('0x036cbd53842c5426634e7929541ec2318f3dcf7e')],
  'polygon-amoy': [usdc('0x41e94eb019c0762f9bfcf9fb1e58725bfb0e7582')],
  'arbitrum-sepolia': [usdc('0x75faf114eafb1bdbe2f0316df893fd58ce46aa4d')],
  'optimism-sepolia': [usdc('0x5fd84259d66cd46123540766be93dfe6d43130d7')],
  'avalanche-fuji': [usdc('0x5425890298aed601595a70ab815c96711a31bc65')],
};

/** The devnet's test stablecoin (packages/contracts KeepsakeTestUsd) deployed at `address` (checksummed here). */
export function devnetStablecoinToken(address: Address): KnownToken {
  return { symbol: 'usdxm', name: 'Keepsake Test USD', decimals: 6, address: getAddress(address) };
}
