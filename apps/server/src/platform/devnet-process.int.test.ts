// The embedded devnet's life is tied to the server's, and its state to the data directory: the server as a
// real process is killed with SIGKILL (no chance to clean up), anvil must go away on its own, and a restart
// must see the earlier blocks and balances, with the database still pointing at live contracts.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, testDb } from '../testing/harness.ts';
import { serverProcessEnv, startServerProcess, type StartedServer } from '../testing/server-process.ts';

async function rpc(url: string, method: string, params: unknown[] = []): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(5_000),
  });
  const body = (await response.json()) as { result?: string; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result ?? '';
}

async function answers(url: string): Promise<boolean> {
  return rpc(url, 'eth_chainId').then(
    () => true,
    () => false,
  );
}

function devnetRpcUrl(server: StartedServer): string {
  const match = /Devnet RPC:\s+(http\S+)\s+\(local devnet "devnet", chain id 31337, state kept with the data\)/.exec(server.output());
  if (!match) throw new Error(`no devnet line in the banner:\n${server.output()}`);
  return match[1]!;
}

describe(`the embedded devnet and the server process (${testDb})`, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'keepsake-devnet-'));
  const servers: StartedServer[] = [];
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;

  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops anvil when the server is killed with SIGKILL, and a restart keeps the chain in step with the data', async () => {
    scratch = testDb === 'postgres' ? await createScratchDatabase() : undefined;
    const env = serverProcessEnv(dataDir, scratch?.url);
    const first = await startServerProcess(env);
    servers.push(first);
    const firstRpc = devnetRpcUrl(first);
    expect(first.output()).toContain('deployed the test stablecoin');

    // Some chain state of our own: a balance and a few blocks.
    const holder = '0x00000000000000000000000000000000000c0ffe';
    await rpc(firstRpc, 'anvil_setBalance', [holder, '0xde0b6b3a7640000']);
    await rpc(firstRpc, 'anvil_mine', ['0x5']);
    const blockBefore = Number(await rpc(firstRpc, 'eth_blockNumber'));
    expect(blockBefore).toBeGreaterThanOrEqual(6);
    const health = (await (await fetch(`${first.url}/api/health`)).json()) as { chains: Array<{ latestBlock: number }> };
    expect(health.chains[0]!.latestBlock).toBe(blockBefore);

    first.child.kill('SIGKILL');
    await first.exited;
    // The guardian notices and stops anvil (which dumps its state on the way out).
    const deadline = Date.now() + 15_000;
    while ((await answers(firstRpc)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await answers(firstRpc)).toBe(false);
    expect(existsSync(join(dataDir, 'devnet', 'state.json'))).toBe(true);

    const second = await startServerProcess(env);
    servers.push(second);
    const secondRpc = devnetRpcUrl(second);
    expect(Number(await rpc(secondRpc, 'eth_blockNumber'))).toBeGreaterThanOrEqual(blockBefore);
    expect(await rpc(secondRpc, 'eth_getBalance', [holder, 'latest'])).toBe('0xde0b6b3a7640000');
    // The stablecoin the database recorded is still on the chain: nothing was deployed again.
    expect(second.output()).not.toContain('deployed the test stablecoin');
    expect(second.output()).not.toContain('no longer has the test stablecoin');

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(await answers(secondRpc)).toBe(false);
    expect(existsSync(join(dataDir, 'devnet', 'devnet.lock'))).toBe(false);
  }, 90_000);
});
