// Issue 22 item 3 across kill -9 (ADR 135): a crypto payment made after its order's quote expired is refunded on chain
// exactly once, and never delivered, though the server dies after recording the refund it owes and sending the refund
// transaction, before the chain saw it. Real server processes on a devnet behind a JSON-RPC proxy that holds the
// server's sends; the buyer pays past the proxy, as a wallet would. The truth is read from the chain: the buyer's
// balance, the payment contract's OrderRefunded logs and the collection's mints.
import { collection721Abi, paymentsAbi, testUsdAbi } from '@keepsake/chains/abis';
import { fundAccount } from '@keepsake/chains/actions/fund-account';
import { parseEther, parseEventLogs, parseTransaction, zeroAddress, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { collectionBody } from '../../testing/collections.ts';
import { useCrashStand } from '../../testing/crash-stand.ts';
import { testDb } from '../../testing/harness.ts';
import type { StartedServer } from '../../testing/server-process.ts';
import { eventually } from '../../testing/webhooks.ts';
import { orderIdToBytes32 } from '../crypto/order-id.ts';

const stand = useCrashStand('expired-quote-crash');
const { start, kill, client } = stand;
const seller = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
/** Quotes that run out within the test; the watcher reads often. */
const env = { ORDER_QUOTE_TTL_SECONDS: '3', CHECKOUT_WATCH_INTERVAL_MS: '100' };

describe(`a late crypto payment refunded across SIGKILL (${testDb})`, () => {
  it('refunds once and delivers nothing when the server died with the refund sent but not mined', async () => {
    let apiKey = '';
    const api = (server: StartedServer, path: string, init: { method?: string; body?: unknown } = {}) =>
      fetch(`${server.url}${path}`, {
        method: init.method ?? 'GET',
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(30_000),
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as Record<string, any> }));

    const first = await start(env);
    const created = await fetch(`${first.url}/api/operator/projects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stand.operatorSecret()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ownerEmail: 'late-payment@example.com', name: 'Late payments' }),
    });
    apiKey = ((await created.json()) as { apiKey: string }).apiKey;
    const collection = await api(first, '/api/2022-06-09/collections', {
      method: 'POST',
      body: collectionBody({ payments: { price: '5', currency: 'usdxm', recipientAddress: seller, feesPayer: 'seller' } }),
    });
    const collectionId = collection.body.id as string;
    const contract = (
      await eventually(async () => {
        const res = await api(first, `/api/2022-06-09/collections/${collectionId}`);
        return res.body.onChain?.status === 'success' ? res.body : undefined;
      }, 60_000)
    ).onChain.contractAddress as Address;
    const buyer = privateKeyToAccount(generatePrivateKey());
    expect((await api(first, '/api/v1-alpha1/faucet', { method: 'POST', body: { chain: 'devnet', address: buyer.address } })).status).toBe(200);
    await fundAccount(client(), { address: buyer.address, balance: parseEther('1') });
    const order = await api(first, '/api/2022-06-09/orders', {
      method: 'POST',
      body: {
        recipient: { walletAddress: buyer.address },
        payment: { method: 'devnet', currency: 'usdxm', payerAddress: buyer.address },
        lineItems: { collectionLocator: `keepsake:${collectionId}` },
      },
    });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const orderId = order.body.order.orderId as string;
    const { transactions, tokenAddress, contractAddress } = order.body.order.payment.preparation as {
      transactions: Array<{ serializedTransaction: Hex }>;
      tokenAddress: Address;
      contractAddress: Address;
    };
    const balance = () => client().readContract({ address: tokenAddress, abi: testUsdAbi, functionName: 'balanceOf', args: [buyer.address] });
    expect(await balance()).toBe(100_000_000n);

    // The payer signed while the quote held and sends after it ran out; the server's refund is held at the proxy.
    // A block's time is in whole seconds and counts in the payer's favour: a second past the expiry is surely late.
    const expiresAt = Date.parse(order.body.order.quote.expiresAt as string);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt + 1_100 - Date.now())));
    expect((await api(first, `/api/2022-06-09/orders/${orderId}`)).body.quote.status).toBe('expired');
    stand.proxy.setMode('hold-sends');
    for (const prepared of transactions) {
      const signed = await buyer.signTransaction(parseTransaction(prepared.serializedTransaction));
      expect((await client().waitForTransactionReceipt({ hash: await client().sendRawTransaction({ serializedTransaction: signed }) })).status).toBe('success');
    }
    expect(await balance()).toBe(95_000_000n);
    await eventually(async () => stand.proxy.heldCount() > 0 || undefined, 30_000, 'the refund transaction reaching the proxy');
    await kill(first);
    stand.proxy.setMode('forward');

    const second = await start(env);
    try {
      await eventually(async () => ((await balance()) === 100_000_000n ? true : undefined), 90_000, 'the refund mined after the restart').catch(
        (error: unknown) => {
          throw new Error(`${String(error)}\n${second.output().slice(-4000)}`);
        },
      );
      const done = await eventually(
        async () => {
          const now = (await api(second, `/api/2022-06-09/orders/${orderId}`)).body;
          return now.payment.refunded ? now : undefined;
        },
        30_000,
        'the refund recorded',
      );
      expect(done).toMatchObject({ phase: 'quote', payment: { received: { amount: '5' }, refunded: { amount: '5' } } });
      const logs = await client().getLogs({ address: contractAddress, fromBlock: 0n, toBlock: 'latest' });
      const refunds = parseEventLogs({ abi: paymentsAbi, logs, eventName: 'OrderRefunded' }).filter((log) => log.args.orderId === orderIdToBytes32(orderId));
      expect(refunds.map((log) => log.args.amount)).toEqual([5_000_000n]);
      const mints = parseEventLogs({
        abi: collection721Abi,
        logs: await client().getLogs({ address: contract, fromBlock: 0n, toBlock: 'latest' }),
        eventName: 'Transfer',
      });
      expect(mints.filter((log) => log.args.from === zeroAddress)).toHaveLength(0);
    } finally {
      await kill(second);
    }
  }, 360_000);
});
