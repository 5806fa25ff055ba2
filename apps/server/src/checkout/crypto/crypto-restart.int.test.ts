// ADR 106: the crypto payment watcher resumes from its stored cursor. One server records a payment and stops; a payment
// is mined while no server runs; the next server (same database, same devnet) records it, and the first one still
// once.
import { randomBytes } from 'node:crypto';
import { fundAccount } from '@keepsake/chains/actions/fund-account';
import { createReadClient } from '@keepsake/chains/clients';
import { devnet } from '@keepsake/chains/definitions/devnet';
import { startDevnet, type Devnet } from '@keepsake/chains/devnet';
import { cryptoPaymentCursors, orderPayments } from '@keepsake/db/schema';
import { parseEther, parseTransaction, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectWithKeys } from '../../testing/api-keys.ts';
import { collectionBody, developerApi } from '../../testing/collections.ts';
import { createTestDatabase, startTestServer, testDb, type TestDatabase, type TestServer } from '../../testing/harness.ts';

let chain: Devnet;
let database: TestDatabase;
const seller = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

beforeAll(async () => {
  chain = await startDevnet({ ephemeral: true });
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
  await chain?.stop();
});

// One master key for both servers: the second reads the platform signers the first sealed.
const masterKey = randomBytes(32).toString('base64');
const start = () =>
  startTestServer({ chain: true, database, env: { CHAIN_DEVNET_RPC_URL: chain.rpcUrl, CHECKOUT_WATCH_INTERVAL_MS: '100', KEEPSAKE_MASTER_KEY: masterKey } });

/** Signs and sends through the devnet's RPC directly: no server needs to run. */
async function signAndSend(buyer: PrivateKeyAccount, transactions: Array<{ serializedTransaction: Hex }>) {
  const client = createReadClient(devnet, chain.rpcUrl);
  for (const prepared of transactions) {
    const signed = await buyer.signTransaction(parseTransaction(prepared.serializedTransaction));
    await client.waitForTransactionReceipt({ hash: await client.sendRawTransaction({ serializedTransaction: signed }) });
  }
}

async function recorded(server: TestServer, count: number) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const rows = await server.ctx.db.select().from(orderPayments);
    if (rows.length >= count || Date.now() > deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe(`crypto payment watcher across a restart (${testDb})`, () => {
  // Two servers start in turn on one database and devnet: longer than one test's default.
  it('records a payment mined while no server ran, and nothing twice', { timeout: 120_000 }, async () => {
    const first = await start();
    let paidWhileDown: { orderId: string; transactions: Array<{ serializedTransaction: Hex }> };
    const buyer = privateKeyToAccount(generatePrivateKey());
    try {
      const project = await createProjectWithKeys(first, 'Restart shop');
      const api = developerApi(first, project.apiKey);
      const created = await api.createCollection(
        collectionBody({ payments: { price: '5', currency: 'usdxm', recipientAddress: seller, feesPayer: 'seller' } }),
      );
      await api.settled(created.actionId);
      const faucet = await first.request('/api/v1-alpha1/faucet', {
        method: 'POST',
        body: { chain: 'devnet', address: buyer.address },
        headers: { 'x-api-key': project.apiKey },
      });
      expect(faucet.status).toBe(200);
      await fundAccount(first.ctx.chains.get('devnet').client, { address: buyer.address, balance: parseEther('1') });
      const order = async () =>
        (
          await api.call('/orders', {
            method: 'POST',
            body: {
              recipient: { walletAddress: buyer.address },
              payment: { method: 'devnet', currency: 'usdxm', payerAddress: buyer.address },
              lineItems: { collectionLocator: `keepsake:${created.id}` },
            },
          })
        ).body.order as { orderId: string; payment: { preparation: { transactions: Array<{ serializedTransaction: Hex }> } } };
      const before = await order();
      await signAndSend(buyer, before.payment.preparation.transactions);
      expect((await recorded(first, 1)).map((p) => p.orderId)).toEqual([before.orderId]);
      const next = await order();
      paidWhileDown = { orderId: next.orderId, transactions: next.payment.preparation.transactions };
      const [cursor] = await first.ctx.db.select().from(cryptoPaymentCursors);
      expect(cursor?.nextBlock).toBeGreaterThan(1);
    } finally {
      await first.close();
    }

    // Mined with no server watching (the allowance was spent, so both prepared transactions apply in order).
    await signAndSend(buyer, paidWhileDown.transactions);
    const second = await start();
    try {
      const rows = await recorded(second, 2);
      expect(rows.map((p) => p.orderId).sort()).toEqual([...new Set(rows.map((p) => p.orderId))].sort());
      expect(rows).toHaveLength(2);
      expect(rows.some((p) => p.orderId === paidWhileDown.orderId)).toBe(true);
    } finally {
      await second.close();
    }
  });
});
