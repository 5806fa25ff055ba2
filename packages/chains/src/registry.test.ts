import { describe, expect, it } from 'vitest';
import { blockchains, chainFamily, evmChains, evmMainnets, evmTestnets, isBlockchain, isEvmChain } from './enums/blockchains.ts';
import { currencies, fiatCurrencies, isFiatCurrency } from './enums/currencies.ts';
import { nftContractTypes } from './enums/nft-contract-types.ts';
import { evmStablecoins, solanaStablecoins } from './enums/stablecoins.ts';
import { UnknownChainError } from './errors/chain.ts';
import { evmChainDefinitions, getEvmChainDefinition } from './registry.ts';

describe('the chain registry', () => {
  it('has one definition per EVM chain, named for it, with unique chain ids', () => {
    expect(Object.keys(evmChainDefinitions).sort()).toEqual([...evmChains].sort());
    for (const [name, definition] of Object.entries(evmChainDefinitions)) expect(definition.name).toBe(name);
    const ids = Object.values(evmChainDefinitions).map((d) => d.chain.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('marks mainnets, public testnets and the local devnet for what they are', () => {
    for (const name of evmMainnets) expect(getEvmChainDefinition(name).kind).toBe('mainnet');
    for (const name of evmTestnets) expect(getEvmChainDefinition(name).kind).toBe('testnet');
    const devnet = getEvmChainDefinition('devnet');
    expect(devnet).toMatchObject({ kind: 'local', explorerUrl: undefined, displayName: 'Local devnet' });
    expect(devnet.chain.id).toBe(31337);
    expect(devnet.displayName).not.toMatch(/testnet/i);
    expect(evmTestnets as readonly string[]).not.toContain('devnet');
  });

  it('knows public explorers without a trailing slash', () => {
    expect(getEvmChainDefinition('base-sepolia')).toMatchObject({ explorerUrl: 'https://sepolia.basescan.org', chain: { id: 84532 } });
    expect(getEvmChainDefinition('ethereum').chain.id).toBe(1);
    for (const definition of Object.values(evmChainDefinitions)) if (definition.explorerUrl) expect(definition.explorerUrl).not.toMatch(/\/$/);
  });

  it('refuses unknown names', () => {
    expect(() => getEvmChainDefinition('narnia')).toThrow(UnknownChainError);
    expect(() => getEvmChainDefinition('solana')).toThrow('Unknown chain "solana".');
  });
});

describe('the §3 enumerations', () => {
  it('group blockchains into families', () => {
    expect(chainFamily('base')).toBe('evm');
    expect(chainFamily('devnet')).toBe('evm');
    expect(chainFamily('solana')).toBe('solana');
    expect(chainFamily('stellar')).toBe('stellar');
    expect(isBlockchain('xion')).toBe(true);
    expect(isEvmChain('aptos')).toBe(false);
    expect(new Set(blockchains).size).toBe(blockchains.length);
  });

  it('list the fiat currencies with their pseudo-currencies, and the stablecoins per family', () => {
    expect(fiatCurrencies).toEqual(['usd', 'eur', 'aud', 'gbp', 'jpy', 'sgd', 'hkd', 'krw', 'inr', 'vnd']);
    expect(currencies).toEqual(expect.arrayContaining(['custom', 'fiat', 'crypto']));
    expect(isFiatCurrency('EUR')).toBe(true);
    expect(isFiatCurrency('crypto')).toBe(false);
    expect(evmStablecoins).toEqual(['usdc', 'usdce', 'usdxm', 'weth', 'busd', 'pirate', 'usdf', 'usdt']);
    expect(solanaStablecoins).toEqual(['usdc', 'usdt', 'usdxm', 'bonk', 'eurc']);
  });

  it('name the contract identifier field of every NFT contract type', () => {
    expect(nftContractTypes['erc-721'].identifier).toBe('contractAddress');
    expect(nftContractTypes['candy-machine']).toEqual({ family: 'solana', identifier: 'candyMachineId' });
    expect(nftContractTypes.aggregator.identifier).toBe('none');
    const identifiers = new Set(Object.values(nftContractTypes).map((t) => t.identifier));
    for (const field of ['candyMachineId', 'auctionHouseAddress', 'contractAddress', 'tokenContractAddress', 'mintAddress', 'objectId', 'packageId', 'none']) {
      expect(identifiers).toContain(field);
    }
  });
});
