// Recorded signer transactions on a real devnet: nonces taken in order under the lock, the same bytes sent any
// number of times and mined once, a transaction whose nonce something else used read as replaced, and the nonce
// after it taken from the chain; one the node refuses because the base fee rose is signed again, and one that
// cannot be sent does not undo or hold up the settling of those sent before it.
import { signTransaction } from '@keepsake/chains/actions/sign-transaction';
import { chainTransactions } from '@keepsake/db/schema';
import { eq } from 'drizzle-orm';
import { parseTransaction, zeroAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDb, type TestServer } from '../testing/harness.ts';
import { settleTransaction } from './transactions-store.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ chain: true });
});
afterAll(() => server?.close());

const record = (slot: number, data: `0x${string}`, gas?: bigint) =>
  server.ctx.db.transaction((tx) =>
    server.services.chainTransactions.record(tx, {
      chain: 'devnet',
      slot,
      purpose: 'test.transfer',
      subjectId: crypto.randomUUID(),
      sign: (client, nonce) => signTransaction(client, { to: zeroAddress, data, nonce, ...(gas ? { gas } : {}) }),
    }),
  );
const client = () => server.ctx.chains.get('devnet').client;
const rowOf = async (id: string) => (await server.ctx.db.select().from(chainTransactions).where(eq(chainTransactions.id, id)))[0]!;

describe(`recorded signer transactions (${testDb})`, () => {
  it('takes consecutive nonces, stores the signed bytes before sending, and mines each once', async () => {
    const { client } = server.ctx.chains.get('devnet');
    const signer = server.ctx.chains.signers[2]!.address;
    const start = await client.getTransactionCount({ address: signer, blockTag: 'pending' });
    const [a, b] = [await record(2, '0x01'), await record(2, '0x02')];
    expect([a.nonce, b.nonce]).toEqual([start, start + 1]);
    expect([a.status, b.status]).toEqual(['signed', 'signed']);
    expect(await client.getTransactionCount({ address: signer, blockTag: 'pending' })).toBe(start);

    const settled = await server.services.chainTransactions.waitFor([a.id, b.id]);
    expect(settled.map((t) => t.status)).toEqual(['confirmed', 'confirmed']);
    await server.services.chainTransactions.send('devnet', signer); // nothing unsettled: sends nothing
    await server.services.chainTransactions.resendUnsettled();
    expect(await client.getTransactionCount({ address: signer, blockTag: 'latest' })).toBe(start + 2);
    const onChain = await client.getTransaction({ hash: a.hash as `0x${string}` });
    expect(onChain.nonce).toBe(start);
    // The receipts read while settling are what a caller reads next.
    const receipt = await server.services.chainTransactions.receipt('devnet', b.hash);
    expect(receipt).toEqual(await client.getTransactionReceipt({ hash: b.hash as `0x${string}` }));
    expect(receipt.from.toLowerCase()).toBe(signer.toLowerCase());
  });

  it('reads a recorded transaction whose nonce another one used as replaced, then takes the next nonce', async () => {
    const connection = server.ctx.chains.get('devnet');
    const recorded = await record(3, '0x03');
    // Something else uses the nonce first (the signer's key used outside Keepsake's records).
    const intruder = connection.signer(3);
    await connection.client.waitForTransactionReceipt({
      hash: await intruder.sendTransaction({ to: zeroAddress, data: '0xff', nonce: recorded.nonce }),
    });
    const [replaced] = await server.services.chainTransactions.waitFor([recorded.id]);
    expect(replaced!.status).toBe('replaced');
    const [row] = await server.ctx.db.select().from(chainTransactions).where(eq(chainTransactions.id, recorded.id));
    expect(row!.error).toContain('nonce');

    const next = await record(3, '0x04');
    expect(next.nonce).toBe(recorded.nonce + 1);
    expect((await server.services.chainTransactions.waitFor([next.id]))[0]!.status).toBe('confirmed');
  });

  it('bumps the fees of a transaction that lingers unmined, at the same nonce, and settles whichever version is mined', async () => {
    const { client } = server.ctx.chains.get('devnet');
    const recorded = await record(1, '0x05');
    await client.request({ method: 'evm_setAutomine' as never, params: [false] as never });
    try {
      const waiting = server.services.chainTransactions.waitFor([recorded.id], { resendEveryMs: 200, bumpAfterMs: 100, timeoutMs: 30_000 });
      const deadline = Date.now() + 15_000;
      let current = await server.services.chainTransactions.find(recorded.id);
      // Until a bumped version is stored and handed to the node (the node then holds it in place of the first).
      while ((current!.previousHashes.length === 0 || current!.status !== 'sent') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        current = await server.services.chainTransactions.find(recorded.id);
      }
      expect(current!.previousHashes).toContain(recorded.hash);
      expect((await client.getTransaction({ hash: current!.hash as `0x${string}` })).nonce).toBe(recorded.nonce);
      await client.request({ method: 'evm_mine' as never, params: [] as never });
      const [settled] = await waiting;
      expect(settled!.status).toBe('confirmed');
      expect(settled!.hash).not.toBe(recorded.hash);
      expect(settled!.previousHashes).toContain(recorded.hash);
      const mined = await client.getTransaction({ hash: settled!.hash as `0x${string}` });
      expect(mined.nonce).toBe(recorded.nonce);
      const original = parseTransaction(recorded.rawTransaction as `0x${string}`);
      expect(mined.maxFeePerGas! > original.maxFeePerGas!).toBe(true);
      // Only one transaction took the nonce: the signer's count moved by one.
      expect(await client.getTransactionCount({ address: recorded.signerAddress as `0x${string}`, blockTag: 'latest' })).toBe(recorded.nonce + 1);
    } finally {
      await client.request({ method: 'evm_setAutomine' as never, params: [true] as never });
    }
  });

  it('signs a stored transaction again at its nonce when the base fee rose past its fee cap, and mines it once', async () => {
    const { client } = server.ctx.chains.get('devnet');
    const recorded = await record(0, '0x06');
    const signed = parseTransaction(recorded.rawTransaction as `0x${string}`);
    // Blocks filled up between signing and sending: the next block's base fee is just above the signed fee cap.
    await client.request({ method: 'anvil_setNextBlockBaseFeePerGas' as never, params: [`0x${(signed.maxFeePerGas! + 1n).toString(16)}`] as never });
    const [settled] = await server.services.chainTransactions.waitFor([recorded.id], { timeoutMs: 30_000 });
    expect(settled!.status).toBe('confirmed');
    expect(settled!.hash).not.toBe(recorded.hash);
    expect(settled!.previousHashes).toEqual([recorded.hash]);
    const mined = await client.getTransaction({ hash: settled!.hash as `0x${string}` });
    expect(mined.nonce).toBe(recorded.nonce);
    expect(mined.maxFeePerGas! > signed.maxFeePerGas!).toBe(true);
    expect(await client.getTransactionCount({ address: recorded.signerAddress as `0x${string}`, blockTag: 'latest' })).toBe(recorded.nonce + 1);
  });

  it('keeps and settles what was sent before a transaction the node refuses, and reports that one', async () => {
    const connection = server.ctx.chains.get('devnet');
    const first = await record(1, '0x07');
    // More gas than a block holds: the node refuses it outright, and the signer's later nonces wait behind it.
    const refused = await record(1, '0x08', 1_000_000_000n);
    await expect(server.services.chainTransactions.waitFor([first.id, refused.id], { timeoutMs: 30_000 })).rejects.toThrow(/could not be sent/);
    expect((await rowOf(first.id)).status).toBe('confirmed');
    expect((await rowOf(refused.id)).status).toBe('signed');

    // The signer's key takes the refused one's nonce outside the records: it reads as replaced, and the signer moves on.
    const intruder = connection.signer(1);
    await connection.client.waitForTransactionReceipt({ hash: await intruder.sendTransaction({ to: zeroAddress, data: '0xff', nonce: refused.nonce }) });
    expect((await server.services.chainTransactions.waitFor([refused.id]))[0]!.status).toBe('replaced');
  });

  it('signs again at once a sent transaction that the base fee has passed, without waiting to bump a lingering one', async () => {
    const { client } = server.ctx.chains.get('devnet');
    await client.request({ method: 'evm_setAutomine' as never, params: [false] as never });
    try {
      const recorded = await record(2, '0x09');
      const cap = parseTransaction(recorded.rawTransaction as `0x${string}`).maxFeePerGas!;
      const started = Date.now();
      const waiting = server.services.chainTransactions.waitFor([recorded.id], { resendEveryMs: 600_000, bumpAfterMs: 600_000, timeoutMs: 30_000 });
      const until = async (done: (row: Awaited<ReturnType<typeof rowOf>>) => boolean) => {
        let row = await rowOf(recorded.id);
        while (!done(row) && Date.now() - started < 15_000) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          row = await rowOf(recorded.id);
        }
        return row;
      };
      expect((await until((row) => row.status === 'sent')).status).toBe('sent');
      // While it waits in the pool, a block it cannot enter: the base fee passes its cap.
      await client.request({ method: 'anvil_setNextBlockBaseFeePerGas' as never, params: [`0x${((cap * 3n) / 2n).toString(16)}`] as never });
      await client.request({ method: 'evm_mine' as never, params: [] as never });
      expect(await client.getTransactionCount({ address: recorded.signerAddress as `0x${string}`, blockTag: 'latest' })).toBe(recorded.nonce);

      const current = await until((row) => row.previousHashes.length > 0 && row.status === 'sent');
      expect(current.previousHashes).toEqual([recorded.hash]);
      await client.request({ method: 'evm_mine' as never, params: [] as never });
      const [settled] = await waiting;
      expect(settled!.status).toBe('confirmed');
      expect(settled!.hash).toBe(current.hash);
      const mined = await client.getTransaction({ hash: settled!.hash as `0x${string}` });
      expect(mined.nonce).toBe(recorded.nonce);
      expect(mined.maxFeePerGas! > cap).toBe(true);
    } finally {
      await client.request({ method: 'evm_setAutomine' as never, params: [true] as never });
    }
  });

  it('asks the local devnet to mine a transaction that a full block left in the pool, with nothing else arriving', async () => {
    const { client } = server.ctx.chains.get('devnet');
    const { gasLimit } = await client.getBlock({ blockTag: 'latest' });
    // Blocks of 50,000 gas: two 30,000-gas transactions do not fit one block together.
    await client.request({ method: 'evm_setBlockGasLimit' as never, params: ['0xc350'] as never });
    await client.request({ method: 'evm_mine' as never, params: [] as never });
    await client.request({ method: 'evm_setAutomine' as never, params: [false] as never });
    try {
      const [a, b] = [await record(3, '0x0a', 30_000n), await record(3, '0x0b', 30_000n)];
      const waiting = server.services.chainTransactions.waitFor([a.id, b.id], { timeoutMs: 10_000 });
      const deadline = Date.now() + 10_000;
      while ((await rowOf(b.id)).status !== 'sent' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      // Automine back on, as `npm start` runs the devnet: it mines one block, which takes the first; the second
      // stays in the pool until another transaction arrives.
      await client.request({ method: 'evm_setAutomine' as never, params: [true] as never });
      const settled = await waiting; // without the nudge: pending until the wait times out
      expect(settled.map((row) => row.status)).toEqual(['confirmed', 'confirmed']);
      const blocks = await Promise.all(settled.map(async (row) => (await client.getTransactionReceipt({ hash: row.hash as `0x${string}` })).blockNumber));
      expect(blocks[1]! > blocks[0]!).toBe(true);
    } finally {
      await client.request({ method: 'evm_setAutomine' as never, params: [true] as never });
      await client.request({ method: 'evm_setBlockGasLimit' as never, params: [`0x${gasLimit.toString(16)}`] as never });
    }
  });

  it('does not settle a transaction under a version a fee bump stored after its outcome was read', async () => {
    const recorded = await record(0, '0x0c');
    // Its outcome was read while a fee bump stored a new version (the wait that settles and the one that bumps
    // run side by side): writing that outcome now would name the new, never-sent hash as the one mined.
    const bumped = await server.services.chainTransactions.bump(recorded);
    expect(bumped.hash).not.toBe(recorded.hash);
    expect(await settleTransaction(server.ctx.db, recorded.id, recorded.hash, { status: 'confirmed', blockNumber: 1 })).toBeUndefined();
    expect(await rowOf(recorded.id)).toMatchObject({ status: 'signed', hash: bumped.hash, previousHashes: [recorded.hash] });
    // Read again from the chain, it settles under the version that was mined.
    const [settled] = await server.services.chainTransactions.waitFor([recorded.id], { timeoutMs: 20_000 });
    expect(settled).toMatchObject({ status: 'confirmed', hash: bumped.hash });
    expect((await client().getTransactionReceipt({ hash: bumped.hash as `0x${string}` })).status).toBe('success');
    // A row that names a version that was never mined (settled before this fix) still finds the mined one's receipt.
    const receipt = await server.services.chainTransactions.receipt('devnet', recorded.hash, [bumped.hash]);
    expect(receipt.transactionHash).toBe(bumped.hash);
  });
});
