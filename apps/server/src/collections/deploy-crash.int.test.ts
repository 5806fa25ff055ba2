// A deploy survives kill -9 (ADR 030). The server runs as a real process against a devnet behind a JSON-RPC
// proxy that can hold calls, and is killed with SIGKILL
//   1. after it recorded the signed deploy but before the node had it (the send is held): the restarted
//      server sends the same bytes, so the deploy lands with the hash signed before the crash;
//   2. after the node mined the deploy but before the server saw the receipt: the restarted server finds it
//      mined and goes on to the minter grants.
// Either way the chain ends up with exactly one contract per collection, and the collection is `success`.
import { collection721Abi } from '@keepsake/chains/abis';
import { minterRole } from '@keepsake/chains/actions/grant-minter';
import { getAddress, keccak256, type Address, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { collectionBody } from '../testing/collections.ts';
import { useCrashStand } from '../testing/crash-stand.ts';
import { testDb } from '../testing/harness.ts';
import type { StartedServer } from '../testing/server-process.ts';
import { eventually } from '../testing/webhooks.ts';

const stand = useCrashStand('crash');
const { start, kill, client } = stand;

/** Every contract creation the chain holds, as [creator, contract]. */
async function creations(): Promise<Array<[string, string]>> {
  const latest = await client().getBlockNumber();
  const found: Array<[string, string]> = [];
  for (let n = 0n; n <= latest; n++) {
    const block = await client().getBlock({ blockNumber: n, includeTransactions: true });
    for (const tx of block.transactions.filter((t) => t.to === null)) {
      const receipt = await client().getTransactionReceipt({ hash: tx.hash });
      found.push([getAddress(tx.from), getAddress(receipt.contractAddress!)]);
    }
  }
  return found;
}

describe(`a deploy killed with SIGKILL (${testDb})`, () => {
  let apiKey = '';
  const api = (server: StartedServer, path: string, init: { method?: string; body?: unknown } = {}) =>
    fetch(`${server.url}/api/2022-06-09${path}`, {
      method: init.method ?? 'GET',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(10_000),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as Record<string, any> }));

  async function deployedAfterRestart(id: string) {
    const server = await start();
    const collection = await eventually(
      async () => {
        const res = await api(server, `/collections/${id}`);
        return res.body.onChain?.status === 'success' ? res.body : undefined;
      },
      30_000,
      `collection ${id} deployed after the restart`,
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${server.output()}`);
    });
    return { server, collection };
  }

  it('resends the recorded deploy after a crash before the node had it, and deploys once', async () => {
    const first = await start();
    const secret = stand.operatorSecret();
    const created = await fetch(`${first.url}/api/operator/projects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ownerEmail: 'crash@example.com', name: 'Crash' }),
    });
    apiKey = ((await created.json()) as { apiKey: string }).apiKey;
    const before = (await creations()).length; // the devnet's test stablecoin

    stand.proxy.setMode('hold-sends');
    const res = await api(first, '/collections', { method: 'POST', body: collectionBody({ metadata: { name: 'Crash one', description: 'Killed mid-send' } }) });
    expect(res.status).toBe(201);
    await eventually(async () => stand.proxy.heldCount() > 0, 15_000, 'the deploy reaching the proxy');
    const intended = stand.proxy.sent.at(-1)!;
    expect(intended.forwarded).toBe(false);
    expect(
      await client()
        .getTransaction({ hash: keccak256(intended.raw as Hex) })
        .catch(() => null),
    ).toBeNull();
    await kill(first);

    stand.proxy.setMode('forward');
    const { server, collection } = await deployedAfterRestart(res.body.id as string);
    expect(collection.onChain.txId).toBe(keccak256(intended.raw as Hex));
    const made = await creations();
    expect(made).toHaveLength(before + 1);
    expect(made.at(-1)).toEqual([collection.onChain.owner, collection.onChain.contractAddress]);
    const read = { address: collection.onChain.contractAddress as Address, abi: collection721Abi } as const;
    expect(await client().readContract({ ...read, functionName: 'name' })).toBe('Crash one');
    expect(await client().readContract({ ...read, functionName: 'hasRole', args: [minterRole, collection.onChain.owner as Address] })).toBe(true);
    const action = await api(server, `/actions/${res.body.actionId as string}`);
    expect(action.body).toMatchObject({ status: 'succeeded', data: { contractAddress: collection.onChain.contractAddress } });
    await kill(server);
  }, 120_000);

  it('finds the deploy mined after a crash before the receipt was seen, and does not deploy again', async () => {
    const first = await start();
    const before = (await creations()).length;
    stand.proxy.setMode('hold-receipts');
    const res = await api(first, '/collections', { method: 'POST', body: collectionBody({ metadata: { name: 'Crash two', description: 'Killed mid-wait' } }) });
    expect(res.status).toBe(201);
    await eventually(async () => (await creations()).length > before, 15_000, 'the deploy mined');
    await kill(first);
    stand.proxy.setMode('forward');

    const { server, collection } = await deployedAfterRestart(res.body.id as string);
    const made = await creations();
    expect(made).toHaveLength(before + 1);
    expect(made.at(-1)).toEqual([collection.onChain.owner, collection.onChain.contractAddress]);
    await kill(server);
  }, 120_000);
});
