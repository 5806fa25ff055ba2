// Issue 14 item 11: a paid order is delivered exactly once across kill -9 (ADR 105). Real server processes on a
// devnet behind a JSON-RPC proxy, killed with SIGKILL
//   1. between payment confirmation and delivery: an API-only process (no workers) records the card payment and
//      queues the delivery, and dies before anything mints; the restarted server delivers it;
//   2. during delivery: the mint batch was recorded and sent, but the proxy held it; the restarted server sends it.
// The truth is read from the outside: the chain's Transfer logs (one token per order, to its recipient), and the
// API (one payment received, a second attempt refused as paid already).
import { collection721Abi } from '@keepsake/chains/abis';
import { getAddress, parseEventLogs, zeroAddress, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { collectionBody } from '../../testing/collections.ts';
import { useCrashStand } from '../../testing/crash-stand.ts';
import { testDb } from '../../testing/harness.ts';
import type { StartedServer } from '../../testing/server-process.ts';
import { eventually } from '../../testing/webhooks.ts';

const stand = useCrashStand('delivery-crash');
const { start, kill, client } = stand;
const seller = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const testCard = { card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' } };

async function mintedOnChain(contract: Address) {
  const logs = await client().getLogs({ address: contract, fromBlock: 0n, toBlock: 'latest' });
  return parseEventLogs({ abi: collection721Abi, logs, eventName: 'Transfer' })
    .filter((log) => log.args.from === zeroAddress)
    .map((log) => ({ to: getAddress(log.args.to), tokenId: log.args.tokenId.toString() }));
}

describe(`order delivery killed with SIGKILL (${testDb})`, () => {
  let apiKey = '';
  let collectionId = '';
  let contract: Address;

  const api = (server: StartedServer, path: string, init: { method?: string; body?: unknown } = {}) =>
    fetch(`${server.url}/api/2022-06-09${path}`, {
      method: init.method ?? 'GET',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(30_000),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as Record<string, any> }));

  async function paidOrder(server: StartedServer) {
    const buyer = privateKeyToAccount(generatePrivateKey()).address;
    const created = await api(server, '/orders', {
      method: 'POST',
      body: {
        recipient: { walletAddress: buyer },
        payment: { method: 'card', currency: 'usd', receiptEmail: 'crash.buyer@example.com' },
        lineItems: { collectionLocator: `crossmint:${collectionId}` },
      },
    });
    expect(created.status).toBe(201);
    const orderId = created.body.order.orderId as string;
    const paid = await api(server, `/orders/${orderId}/payment`, { method: 'POST', body: testCard });
    expect(paid.status).toBe(200);
    expect(paid.body.payment.status).toBe('completed');
    return { orderId, buyer };
  }

  async function deliveredOnceAfterRestart(orderId: string, buyer: Address) {
    const server = await start();
    const done = await eventually(
      async () => {
        const order = (await api(server, `/orders/${orderId}`)).body;
        return order.phase === 'completed' ? order : undefined;
      },
      90_000,
      'the order completed after the restart',
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${server.output().slice(-4000)}`);
    });
    expect(done.lineItems[0].delivery.status).toBe('completed');
    // One payment recorded: what was received is the price once, and paying again is refused.
    expect(done.payment).toMatchObject({ status: 'completed', received: { amount: '3', currency: 'usd' } });
    const again = await api(server, `/orders/${orderId}/payment`, { method: 'POST', body: testCard });
    expect(again.status).toBe(409);
    expect(again.body.error_message).toBe('This order is paid already.');
    // One delivery: exactly one token minted to the buyer, the one the order names.
    const toBuyer = (await mintedOnChain(contract)).filter((m) => m.to === getAddress(buyer));
    expect(toBuyer).toEqual([{ to: getAddress(buyer), tokenId: done.lineItems[0].delivery.tokens[0].tokenId }]);
    return server;
  }

  it('delivers once an order paid just before the process died, before any delivery began', async () => {
    const setup = await start();
    const created = await fetch(`${setup.url}/api/operator/projects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stand.operatorSecret()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ownerEmail: 'delivery-crash@example.com', name: 'Delivery crash' }),
    });
    apiKey = ((await created.json()) as { apiKey: string }).apiKey;
    const collection = await api(setup, '/collections', {
      method: 'POST',
      body: collectionBody({ payments: { price: '3', currency: 'usd', recipientAddress: seller } }),
    });
    collectionId = collection.body.id as string;
    contract = (
      await eventually(async () => {
        const res = await api(setup, `/collections/${collectionId}`);
        return res.body.onChain?.status === 'success' ? res.body : undefined;
      }, 30_000)
    ).onChain.contractAddress as Address;
    await kill(setup);

    // API only: the payment is confirmed and recorded, the delivery queued, and no worker runs it.
    const apiOnly = await start({ KEEPSAKE_ROLE: 'api' });
    const { orderId, buyer } = await paidOrder(apiOnly);
    const between = (await api(apiOnly, `/orders/${orderId}`)).body;
    expect(between).toMatchObject({ phase: 'delivery', lineItems: [{ delivery: { status: 'in-progress', tokens: [] } }] });
    expect(await mintedOnChain(contract)).toHaveLength(0);
    await kill(apiOnly);

    await kill(await deliveredOnceAfterRestart(orderId, buyer));
  }, 360_000);

  it('delivers once an order whose mint was sent but not seen mined when the process died', async () => {
    const first = await start();
    stand.proxy.setMode('hold-sends');
    const { orderId, buyer } = await paidOrder(first);
    await eventually(async () => stand.proxy.heldCount() > 0, 30_000, 'the delivery mint reaching the proxy');
    await kill(first);
    stand.proxy.setMode('forward');

    await kill(await deliveredOnceAfterRestart(orderId, buyer));
    expect(await mintedOnChain(contract)).toHaveLength(2);
  }, 360_000);
});
