// Every accepted mint ends exactly once on chain across kill -9 (ADR 050). The server runs as a real process
// against a devnet behind a JSON-RPC proxy that can hold calls, and is killed with SIGKILL
//   1. after it recorded a batch transaction and tried to send it (the proxy holds the send): the restarted
//      server sends the same signed bytes and settles the batch;
//   2. after the node mined a batch but before the server saw the receipt: the restarted server finds it
//      mined and settles it, without minting again.
// Then every mint is `success`, the chain holds exactly one Transfer from the zero address per accepted mint,
// each to its recipient, and no token twice.
import { collection721Abi } from '@keepsake/chains/abis';
import { keccak256, parseEventLogs, zeroAddress, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { collectionBody } from '../testing/collections.ts';
import { useCrashStand } from '../testing/crash-stand.ts';
import { testDb } from '../testing/harness.ts';
import type { StartedServer } from '../testing/server-process.ts';
import { eventually } from '../testing/webhooks.ts';

const stand = useCrashStand('mint-crash');
const { start, kill, client } = stand;
const freshAddresses = (n: number) => Array.from({ length: n }, () => privateKeyToAccount(generatePrivateKey()).address);

/** Every token the contract minted, from its Transfer logs from the zero address. */
async function mintedOnChain(contract: Address) {
  const logs = await client().getLogs({ address: contract, fromBlock: 0n, toBlock: 'latest' });
  return parseEventLogs({ abi: collection721Abi, logs, eventName: 'Transfer' })
    .filter((log) => log.args.from === zeroAddress)
    .map((log) => ({ to: log.args.to, tokenId: log.args.tokenId.toString(), hash: log.transactionHash }));
}

describe(`mints killed with SIGKILL (${testDb})`, () => {
  let apiKey = '';
  let collectionId = '';
  let contract: Address;
  const accepted: Array<{ id: string; owner: string }> = [];

  const api = (server: StartedServer, path: string, init: { method?: string; body?: unknown } = {}) =>
    fetch(`${server.url}/api/2022-06-09${path}`, {
      method: init.method ?? 'GET',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(15_000),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as Record<string, any> }));

  async function accept(server: StartedServer, count: number) {
    const recipients = freshAddresses(count);
    // Single mints and batches, concurrently, as a busy client would send them.
    const singles = recipients.slice(0, count / 2);
    const batch = recipients.slice(count / 2);
    const answers = await Promise.all([
      ...singles.map((to, i) =>
        api(server, `/collections/${collectionId}/nfts`, { method: 'POST', body: { recipient: `devnet:${to}`, metadata: { name: `Single ${i}` } } }),
      ),
      api(server, `/collections/${collectionId}/nfts`, {
        method: 'POST',
        body: { nfts: batch.map((to, i) => ({ recipient: `devnet:${to}`, metadata: { name: `Batched ${i}` } })) },
      }),
    ]);
    for (const answer of answers) expect(answer.status).toBe(201);
    for (const answer of answers) {
      for (const nft of answer.body.results ?? [answer.body]) accepted.push({ id: nft.id as string, owner: nft.onChain.owner as string });
    }
  }

  async function allSettledAfterRestart() {
    const server = await start();
    const settled = await eventually(
      async () => {
        const rows = await Promise.all(accepted.map(async (a) => (await api(server, `/collections/${collectionId}/nfts/${a.id}`)).body));
        return rows.every((row) => row.onChain?.status !== 'pending') ? rows : undefined;
      },
      60_000,
      'every accepted mint settled after the restart',
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${server.output().slice(-4000)}`);
    });
    return { server, settled };
  }

  async function expectExactlyOnceOnChain(settled: Array<Record<string, any>>) {
    expect(settled.map((row) => row.onChain.status)).toEqual(accepted.map(() => 'success'));
    const onChain = await mintedOnChain(contract);
    expect(onChain).toHaveLength(accepted.length);
    expect(new Set(onChain.map((m) => m.tokenId)).size).toBe(accepted.length);
    expect(await client().readContract({ address: contract, abi: collection721Abi, functionName: 'totalSupply' })).toBe(BigInt(accepted.length));
    const byToken = new Map(onChain.map((m) => [m.tokenId, m]));
    for (const [i, row] of settled.entries()) {
      const token = byToken.get(row.onChain.tokenId as string);
      expect(token?.to, `mint ${row.id as string}`).toBe(accepted[i]!.owner);
      expect(token?.hash).toBe(row.onChain.txId);
    }
  }

  it('resends a batch recorded before the crash, and mints each accepted mint once', async () => {
    const first = await start();
    const secret = stand.operatorSecret();
    const created = await fetch(`${first.url}/api/operator/projects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ownerEmail: 'mint-crash@example.com', name: 'Mint crash' }),
    });
    apiKey = ((await created.json()) as { apiKey: string }).apiKey;
    const collection = await api(first, '/collections', { method: 'POST', body: collectionBody() });
    collectionId = collection.body.id as string;
    contract = (
      await eventually(async () => {
        const res = await api(first, `/collections/${collectionId}`);
        return res.body.onChain?.status === 'success' ? res.body : undefined;
      }, 30_000)
    ).onChain.contractAddress as Address;

    stand.proxy.setMode('hold-sends');
    await accept(first, 40);
    await eventually(async () => stand.proxy.heldCount() > 0, 20_000, 'a batch transaction reaching the proxy');
    const intended = stand.proxy.sent.find((s) => !s.forwarded)!;
    expect(await mintedOnChain(contract)).toHaveLength(0);
    await kill(first);

    stand.proxy.setMode('forward');
    const { server, settled } = await allSettledAfterRestart();
    await expectExactlyOnceOnChain(settled);
    // The batch signed before the crash is what was mined: the same bytes, not a second signing.
    expect(settled.map((row) => row.onChain.txId)).toContain(keccak256(intended.raw as Hex));
    await kill(server);
  }, 180_000);

  it('settles a batch mined before the crash without minting it again', async () => {
    const first = await start();
    const before = (await mintedOnChain(contract)).length;
    stand.proxy.setMode('hold-receipts');
    await accept(first, 40);
    await eventually(async () => (await mintedOnChain(contract)).length > before, 20_000, 'a batch mined');
    await kill(first);
    stand.proxy.setMode('forward');

    const { server, settled } = await allSettledAfterRestart();
    await expectExactlyOnceOnChain(settled);
    await kill(server);
  }, 180_000);
});
