// Wallet balances on a real chain (an ephemeral anvil devnet): the native currency and the devnet's test
// stablecoin USDXM minted by the platform's own signer, as decimal strings in base units with their decimals.
import { fundAccount } from '@keepsake/chains/actions/fund-account';
import { mintTestUsd } from '@keepsake/chains/actions/mint-test-usd';
import { getAddress, parseEther, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectWithKeys, type ProjectWithKeys } from '../testing/api-keys.ts';
import { startTestServer, testDb, type TestServer } from '../testing/harness.ts';

const base = '/api/2025-06-09/wallets';

describe(`wallet balances on the devnet (${testDb})`, () => {
  let server: TestServer;
  let project: ProjectWithKeys;
  let address: Address;
  let stablecoin: Address;

  const balances = (locator: string, query = '', apiKey = project.apiKey) =>
    server.request(`${base}/${encodeURIComponent(locator)}/balances${query}`, { headers: { 'x-api-key': apiKey } });

  beforeAll(async () => {
    server = await startTestServer({ chain: true });
    project = await createProjectWithKeys(server, 'Balances');
    const created = await server.request(base, {
      method: 'POST',
      headers: { 'x-api-key': project.apiKey },
      body: { chainType: 'evm', owner: 'email:rich@example.com' },
    });
    expect(created.status).toBe(201);
    address = created.body.address as Address;
    stablecoin = getAddress(server.ctx.chains.devnet!.stablecoin);
  });
  afterAll(() => server?.close());

  it('answers 401 without an API key', async () => {
    const res = await server.request(`${base}/${address}/balances`);
    expect(res.status).toBe(401);
    expect(res.body.error_type).toBe('invalid_api_key');
  });

  it('starts at zero: the native currency first, then USDXM with its contract', async () => {
    const res = await balances(`devnet:${address}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        symbol: 'eth',
        name: 'Ether',
        decimals: 18,
        amount: '0',
        rawAmount: '0',
        chains: { devnet: { locator: `devnet:${address}`, amount: '0', rawAmount: '0' } },
      },
      {
        symbol: 'usdxm',
        name: 'Keepsake Test USD',
        decimals: 6,
        amount: '0',
        rawAmount: '0',
        chains: { devnet: { locator: `devnet:${address}`, contractAddress: stablecoin, amount: '0', rawAmount: '0' } }, // checksummed
      },
    ]);
  });

  it('shows what the devnet holds after funding: 1.5 ETH and 25.500001 USDXM, exactly', async () => {
    const devnet = server.ctx.chains.get('devnet');
    await fundAccount(devnet.client, { address, balance: parseEther('1.5') });
    const hash = await mintTestUsd(devnet.signer(0), { token: stablecoin, to: address, amount: 25_500_001n });
    expect((await devnet.client.waitForTransactionReceipt({ hash })).status).toBe('success');

    const res = await balances('email:rich@example.com:devnet');
    expect(res.status).toBe(200);
    const [eth, usdxm] = res.body;
    expect(eth).toMatchObject({
      symbol: 'eth',
      amount: '1.5',
      rawAmount: '1500000000000000000',
      chains: { devnet: { amount: '1.5', rawAmount: '1500000000000000000' } },
    });
    expect(usdxm).toMatchObject({ symbol: 'usdxm', decimals: 6, amount: '25.500001', rawAmount: '25500001', chains: { devnet: { rawAmount: '25500001' } } });
    // Amounts travel as strings, never as JSON numbers.
    for (const token of res.body) {
      expect(typeof token.amount).toBe('string');
      expect(typeof token.rawAmount).toBe('string');
    }
    // A bare address or the evm family reads every configured chain: here, the devnet.
    expect((await balances(address)).body).toEqual(res.body);
    expect((await balances('email:rich@example.com:evm')).body).toEqual(res.body);
  });

  it('filters by token symbol and by chain', async () => {
    const only = await balances(address, '?tokens=USDXM');
    expect(only.status).toBe(200);
    expect(only.body.map((t: { symbol: string }) => t.symbol)).toEqual(['usdxm']);
    expect((await balances(address, '?tokens=eth,usdxm&chains=devnet')).body.map((t: { symbol: string }) => t.symbol)).toEqual(['eth', 'usdxm']);

    const unknownToken = await balances(address, '?tokens=doge');
    expect(unknownToken.status).toBe(400);
    expect(unknownToken.body.error_message).toBe('Unknown token "doge" on devnet. Known: eth, usdxm.');
  });

  it('says which chain is not configured or not known', async () => {
    const notConfigured = await balances(address, '?chains=base-sepolia');
    expect(notConfigured.status).toBe(400);
    expect(notConfigured.body).toMatchObject({
      error_type: 'chain_not_configured',
      error_message: 'The chain "base-sepolia" is not configured on this server.',
    });
    expect((await balances('email:rich@example.com:base-sepolia')).body.error_type).toBe('chain_not_configured');
    const unknown = await balances(address, '?chains=solana');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error_message).toMatch(/Unknown chain "solana"/);
  });

  it("never shows another project's wallet balances (404), and shows them in the console to members", async () => {
    const other = await createProjectWithKeys(server, 'Other');
    for (const locator of [address, `devnet:${address}`, 'email:rich@example.com:devnet']) {
      const res = await balances(locator, '', other.apiKey);
      expect(res.status, locator).toBe(404);
    }

    const cookie = await server.signIn(project.ownerEmail);
    const consoleRes = await server.request(`/api/v1-alpha1/wallets/${address}/balances?projectId=${project.projectId}`, { cookie });
    expect(consoleRes.status).toBe(200);
    expect(consoleRes.body.balances.map((t: { symbol: string; rawAmount: string }) => [t.symbol, t.rawAmount])).toEqual([
      ['eth', '1500000000000000000'],
      ['usdxm', '25500001'],
    ]);
    const detail = await server.request(`/api/v1-alpha1/wallets/${address.toLowerCase()}?projectId=${project.projectId}`, { cookie });
    expect(detail.body.wallet.chains).toEqual([{ chain: 'devnet', displayName: 'Local devnet', kind: 'local', chainId: 31337, explorerUrl: null }]);

    const outsider = await server.signIn(other.ownerEmail);
    const denied = await server.request(`/api/v1-alpha1/wallets/${address}/balances?projectId=${project.projectId}`, { cookie: outsider });
    expect(denied.status).toBe(404);
  });
});

describe(`wallet balances on a chain that does not answer (${testDb})`, () => {
  let server: TestServer;
  let project: ProjectWithKeys;

  beforeAll(async () => {
    server = await startTestServer({ chain: true, env: { KEEPSAKE_DEVNET: 'false', CHAIN_BASE_SEPOLIA_RPC_URL: 'http://127.0.0.1:9' } });
    project = await createProjectWithKeys(server, 'Unreachable');
  });
  afterAll(() => server?.close());

  it('answers 503 naming the chain instead of hanging or inventing a zero', async () => {
    const created = await server.request(base, { method: 'POST', headers: { 'x-api-key': project.apiKey }, body: { owner: 'userId:u1' } });
    const res = await server.request(`${base}/${created.body.address}/balances`, { headers: { 'x-api-key': project.apiKey }, timeoutMs: 10_000 });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      status_code: 503,
      error_type: 'service_unavailable',
      error_message: 'The RPC endpoint of "base-sepolia" did not answer; try again shortly.',
    });
  });
});
