import { describe, expect, it } from 'vitest';
import { chainEnvPrefix, parseChainEnv } from './config.ts';

describe('parseChainEnv', () => {
  it('returns only the chains with an RPC URL, with the registry chain id and explorer unless overridden', () => {
    const result = parseChainEnv({
      CHAIN_BASE_SEPOLIA_RPC_URL: 'https://sepolia.base.org',
      CHAIN_POLYGON_AMOY_RPC_URL: 'wss://amoy.example/ws',
      CHAIN_POLYGON_AMOY_CHAIN_ID: '80002',
      CHAIN_POLYGON_AMOY_EXPLORER_URL: 'https://explorer.example/',
      CHAIN_ETHEREUM_RPC_URL: '',
      UNRELATED: 'x',
    });
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.endpoints.map((e) => [e.chain, e.chainId, e.rpcUrl, e.explorerUrl])).toEqual([
      ['polygon-amoy', 80002, 'wss://amoy.example/ws', 'https://explorer.example'],
      ['base-sepolia', 84532, 'https://sepolia.base.org', 'https://sepolia.basescan.org'],
    ]);
  });

  it('takes an external devnet node', () => {
    const result = parseChainEnv({ CHAIN_DEVNET_RPC_URL: 'http://127.0.0.1:9545' });
    expect(result).toMatchObject({ success: true, endpoints: [{ chain: 'devnet', chainId: 31337, explorerUrl: undefined }] });
  });

  it('names each wrong variable', () => {
    const result = parseChainEnv({
      CHAIN_BASE_RPC_URL: 'ftp://nope',
      CHAIN_ZORA_RPC_URL: 'https://rpc.zora.energy',
      CHAIN_ZORA_CHAIN_ID: 'seven',
      CHAIN_SHAPE_EXPLORER_URL: 'https://shapescan.xyz',
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.issues).toEqual(
      expect.arrayContaining([
        { variable: 'CHAIN_BASE_RPC_URL', message: 'expected an http(s):// or ws(s):// RPC URL' },
        { variable: 'CHAIN_ZORA_CHAIN_ID', message: 'expected a chain id (a positive whole number)' },
      ]),
    );
  });

  it('refuses a chain id or explorer without an RPC URL', () => {
    const result = parseChainEnv({ CHAIN_SHAPE_EXPLORER_URL: 'https://shapescan.xyz' });
    expect(result).toEqual({ success: false, issues: [{ variable: 'CHAIN_SHAPE_EXPLORER_URL', message: 'only applies with CHAIN_SHAPE_RPC_URL set' }] });
  });

  it('derives the variable prefix from the chain name', () => {
    expect(chainEnvPrefix('arbitrum-sepolia')).toBe('CHAIN_ARBITRUM_SEPOLIA');
    expect(chainEnvPrefix('devnet')).toBe('CHAIN_DEVNET');
  });
});
