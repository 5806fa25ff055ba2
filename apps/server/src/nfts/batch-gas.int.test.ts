// The computed gas limit of devnet batches (ADR 073), when it falls short: a per-NFT figure too low for the
// contract makes the batch revert on chain. Nothing was minted, so the mints go back to the queue and the
// collection's batches are estimated from then on: every mint still ends `success`, once.
import { MINT_PURPOSE } from './pipeline.ts';
import { chainTransactions } from '@keepsake/db/schema';
import { and, eq } from 'drizzle-orm';
import type { Hash } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectWithKeys } from '../testing/api-keys.ts';
import { collectionBody, developerApi } from '../testing/collections.ts';
import { startTestServer, testDb, type TestServer } from '../testing/harness.ts';
import { eventually } from '../testing/webhooks.ts';

let server: TestServer;

beforeAll(async () => {
  // 20,000 gas per NFT is less than half of what a new holder costs.
  server = await startTestServer({ chain: true, env: { MINT_GAS_PER_NFT: '20000', MINT_BATCH_LINGER_MS: '300' } });
});
afterAll(async () => {
  await server?.close();
});

describe(`a devnet batch whose computed gas limit is short (${testDb})`, () => {
  it('reverts once, goes back to the queue, and is minted under an estimated limit', async () => {
    const project = await createProjectWithKeys(server, 'Batch gas');
    const api = developerApi(server, project.apiKey);
    const created = await api.createCollection(collectionBody());
    await api.settled(created.actionId, 60_000);
    const recipients = ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'];
    const res = await api.call(`/collections/${created.id}/nfts`, {
      method: 'POST',
      body: { nfts: recipients.map((address, i) => ({ recipient: `devnet:${address}`, metadata: { name: `Gas ${i}` } })) },
    });
    expect(res.status).toBe(201);
    const ids = (res.body.results as Array<{ id: string }>).map((r) => r.id);

    const settled = await eventually(
      async () => {
        const nfts = await Promise.all(ids.map(async (id) => (await api.call(`/collections/${created.id}/nfts/${id}`)).body));
        return nfts.every((n) => n.onChain.status !== 'pending') ? nfts : undefined;
      },
      60_000,
      'both mints settled',
    );
    expect(settled.map((n) => n.onChain.status)).toEqual(['success', 'success']);
    expect(new Set(settled.map((n) => n.onChain.tokenId)).size).toBe(2);

    const batches = await server.ctx.db
      .select()
      .from(chainTransactions)
      .where(and(eq(chainTransactions.purpose, MINT_PURPOSE), eq(chainTransactions.subjectId, created.id)))
      .orderBy(chainTransactions.createdAt);
    expect(batches.map((b) => [b.status, b.details.gas])).toEqual([
      ['reverted', 'computed'],
      ['confirmed', undefined],
    ]);
    const client = server.ctx.chains.get('devnet').client;
    const [short, estimated] = await Promise.all(batches.map((b) => client.getTransaction({ hash: b.hash as Hash })));
    expect(short!.gas).toBe(60_000n + 2n * 20_000n);
    expect(estimated!.gas).toBeGreaterThan(60_000n + 2n * 20_000n);
    expect(settled.every((n) => n.onChain.txId === batches[1]!.hash)).toBe(true);
  }, 120_000);
});
