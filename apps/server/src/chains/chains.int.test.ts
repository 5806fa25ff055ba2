// The chain runtime inside a real server (startTestServer({ chain: true }): an ephemeral anvil): health
// reports the devnet, the platform signers are funded and sealed at rest, the test stablecoin is deployed
// and recorded, and the signers can deploy and mint through the chains package's actions.
import { deployCollection721 } from '@keepsake/chains/actions/deploy-collection-721';
import { getDeployedContract } from '@keepsake/chains/actions/get-deployed-contract';
import { getMintedTokens } from '@keepsake/chains/actions/get-minted-tokens';
import { getOwner } from '@keepsake/chains/actions/get-owner';
import { mintBatch } from '@keepsake/chains/actions/mint-batch';
import { testUsdAbi } from '@keepsake/chains/abis';
import { startDevnet, type Devnet } from '@keepsake/chains/devnet';
import { ChainIdMismatchError, ChainNotConfiguredError, UnknownChainError } from '@keepsake/chains/errors/chain';
import { getEvmChainDefinition } from '@keepsake/chains/registry';
import { platformContracts, platformSigners } from '@keepsake/db/schema';
import type { Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDb, type TestServer } from '../testing/harness.ts';
import { unseal } from '../platform/secrets.ts';
import { devnetSignerBalance, startChains } from './runtime.ts';
import { ensurePlatformSigners } from './signers.ts';

// anvil's well-known development accounts (mnemonic "test test … junk"): never platform signers.
const anvilDevAccounts = ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'];

describe(`chains in the server (${testDb})`, () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ chain: true });
  });

  afterAll(async () => {
    await server?.close();
  });

  it('reports the devnet in /api/health with its chain id and latest block', async () => {
    const health = await server.request('/api/health');
    expect(health.status).toBe(200);
    expect(health.body.chains).toEqual([{ chain: 'devnet', chainId: 31337, source: 'embedded', status: 'ok', latestBlock: expect.any(Number) }]);
    expect(health.body.chains[0].latestBlock).toBeGreaterThanOrEqual(1); // the stablecoin deployment
  });

  it('runs the devnet without a base fee, so that blocks Keepsake fills do not price it out (ADR 074)', async () => {
    const client = server.ctx.chains.get('devnet').client;
    expect((await client.getBlock({ blockTag: 'latest' })).baseFeePerGas).toBe(0n);
    expect((await client.getBlock({ blockTag: 'pending' })).baseFeePerGas).toBe(0n);
  });

  it('funds its own signers on the devnet and keeps their keys sealed at rest', async () => {
    const { signers } = server.ctx.chains;
    expect(signers).toHaveLength(server.config.chains.signerCount);
    const devnet = server.ctx.chains.get('devnet');
    for (const signer of signers) {
      expect(anvilDevAccounts).not.toContain(signer.address);
      // Signer 0 has paid for the stablecoin's deployment since.
      expect(await devnet.client.getBalance({ address: signer.address })).toBeGreaterThan((devnetSignerBalance * 999n) / 1000n);
    }
    const rows = await server.ctx.db.select().from(platformSigners);
    expect(rows.map((r) => r.address).sort()).toEqual(signers.map((s) => s.address).sort());
    for (const row of rows) {
      expect(row.sealedPrivateKey).not.toMatch(/0x[0-9a-f]{64}/i);
      const key = unseal(server.ctx.keys.master, row.sealedPrivateKey) as `0x${string}`;
      expect(privateKeyToAccount(key).address).toBe(row.address);
      expect(JSON.stringify(signers)).not.toContain(key.slice(2)); // nothing in memory that gets logged holds it
    }
    // A second start-up (or a second process) reads the same keys back instead of making new ones.
    const again = await ensurePlatformSigners(server.ctx.db, server.ctx.keys.master, signers.length);
    expect(again.map((s) => s.address)).toEqual(signers.map((s) => s.address));
  });

  it('deploys the 6-decimals test stablecoin once and records where it is', async () => {
    const stablecoin = server.ctx.chains.devnet?.stablecoin;
    expect(stablecoin).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const rows = await server.ctx.db.select().from(platformContracts);
    expect(rows.find((r) => r.name === 'test-stablecoin')).toMatchObject({ chain: 'devnet', address: stablecoin });
    // And the checkout payment contract beside it (ADR 106).
    expect(rows.find((r) => r.name === 'payments')).toMatchObject({ chain: 'devnet', address: server.ctx.chains.devnet?.payments });
    const client = server.ctx.chains.get('devnet').client;
    expect(await client.readContract({ address: stablecoin!, abi: testUsdAbi, functionName: 'decimals' })).toBe(6);
    expect(await client.readContract({ address: stablecoin!, abi: testUsdAbi, functionName: 'owner' })).toBe(server.ctx.chains.signers[0]!.address);
  });

  it('lets a platform signer deploy a collection and batch-mint through the actions', async () => {
    const devnet = server.ctx.chains.get('devnet');
    const signer = devnet.signer(1);
    const hash = await deployCollection721(signer, { name: 'Server', symbol: 'SRV', baseUri: `${server.url}/metadata/` });
    const { address } = await getDeployedContract(devnet.client, { hash });
    const recipients: Address[] = [privateKeyToAccount(generatePrivateKey()).address, privateKeyToAccount(generatePrivateKey()).address];
    const minted = await getMintedTokens(devnet.client, { contract: address, hash: await mintBatch(signer, { contract: address, recipients }) });
    expect(minted.tokens.map((t) => [t.to, t.tokenId])).toEqual([
      [recipients[0], 1n],
      [recipients[1], 2n],
    ]);
    expect(await getOwner(devnet.client, { contract: address, tokenId: 2n })).toBe(recipients[1]);
  });

  it('names unknown and unconfigured chains', () => {
    expect(() => server.ctx.chains.get('base-sepolia')).toThrow(ChainNotConfiguredError);
    expect(() => server.ctx.chains.get('base-sepolia')).toThrow(/CHAIN_BASE_SEPOLIA_RPC_URL/);
    expect(() => server.ctx.chains.get('narnia')).toThrow(UnknownChainError);
  });
});

describe(`chains reached through configured RPC URLs (${testDb})`, () => {
  let external: Devnet;
  let server: TestServer;

  beforeAll(async () => {
    external = await startDevnet({ ephemeral: true }); // a node the operator runs: no embedded devnet then
    server = await startTestServer({ chain: true, env: { CHAIN_DEVNET_RPC_URL: external.rpcUrl, CHAIN_BASE_SEPOLIA_RPC_URL: 'http://127.0.0.1:9' } });
  });

  afterAll(async () => {
    await server?.close();
    await external?.stop();
  });

  it('starts no devnet of its own, prepares the configured one, and reports a chain that does not answer', async () => {
    const health = await server.request('/api/health');
    expect(health.status).toBe(200);
    expect(health.body.chains).toEqual([
      { chain: 'base-sepolia', chainId: 84532, source: 'rpc', status: 'unreachable', latestBlock: null },
      { chain: 'devnet', chainId: 31337, source: 'rpc', status: 'ok', latestBlock: expect.any(Number) },
    ]);
    expect(server.ctx.chains.devnet).toMatchObject({ rpcUrl: external.rpcUrl, embedded: false });
    const code = await server.ctx.chains.get('devnet').client.getCode({ address: server.ctx.chains.devnet!.stablecoin });
    expect(code?.length).toBeGreaterThan(2);
  });

  it('refuses an endpoint that serves another chain than the one it is configured for', async () => {
    const config = {
      ...server.config,
      chains: {
        ...server.config.chains,
        embeddedDevnet: undefined,
        endpoints: [{ chain: 'base' as const, definition: getEvmChainDefinition('base'), chainId: 8453, rpcUrl: external.rpcUrl, explorerUrl: undefined }],
      },
    };
    await expect(startChains(config, server.ctx.db, server.ctx.keys.master, server.ctx.log, undefined)).rejects.toThrow(ChainIdMismatchError);
    await expect(startChains(config, server.ctx.db, server.ctx.keys.master, server.ctx.log, undefined)).rejects.toThrow(
      'The RPC endpoint of "base" serves chain id 31337, not 8453.',
    );
  });
});

describe(`chains not asked for (${testDb})`, () => {
  it('starts no devnet and reports no chain', async () => {
    const server = await startTestServer();
    try {
      expect((await server.request('/api/health')).body.chains).toEqual([]);
      expect(server.ctx.chains.signers).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
