// Issue 14 items 9 and 13 on a real devnet (ADR 106): buyers (viem local accounts) get USDXM from the faucet, sign
// what the order's `payment.preparation` holds, and the watcher matches the payment contract's OrderPaid logs to
// their orders: USDXM (approve + pay) and the native coin, underpayments summed, overpayment, a re-read range, confirmations,
// the insufficient-funds statuses, an on-chain refund to the payer, and the faucet's limit. The truth is read from
// the chain and the database.
import { erc20PaymentAbi, paymentsAbi, testUsdAbi } from '@keepsake/chains/abis';
import { fundAccount } from '@keepsake/chains/actions/fund-account';
import { createSignerClient } from '@keepsake/chains/clients';
import { devnet as devnetDefinition } from '@keepsake/chains/definitions/devnet';
import { cryptoPaymentCursors, faucetGrants, orderEvents, orderPayments } from '@keepsake/db/schema';
import { and, eq } from 'drizzle-orm';
import { parseEther, parseTransaction, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectWithKeys, type ProjectWithKeys } from '../../testing/api-keys.ts';
import { collectionBody, developerApi } from '../../testing/collections.ts';
import { startTestServer, testDb, type TestServer } from '../../testing/harness.ts';
import { orderIdToBytes32 } from './order-id.ts';
import { createCryptoPaymentWatcher } from './watcher.ts';

let server: TestServer;
let project: ProjectWithKeys;
let api: ReturnType<typeof developerApi>;
let collectionId: string;
const seller = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

beforeAll(async () => {
  server = await startTestServer({ chain: true, env: { CHECKOUT_WATCH_INTERVAL_MS: '100' } });
  project = await createProjectWithKeys(server, 'Crypto shop');
  api = developerApi(server, project.apiKey);
  // 5 USDXM an NFT; the seller bears the fees, so the buyer pays exactly the price.
  const created = await api.createCollection(
    collectionBody({ payments: { price: '5', currency: 'usdxm', recipientAddress: seller, feesPayer: 'seller', quantityLimit: 5 } }),
  );
  await api.settled(created.actionId);
  collectionId = created.id;
});
afterAll(async () => {
  await server?.close();
});

const chain = () => server.ctx.chains.get('devnet');
const newBuyer = () => privateKeyToAccount(generatePrivateKey());
const faucet = (body: unknown, apiKey = project.apiKey) =>
  server.request('/api/v1-alpha1/faucet', { method: 'POST', body, headers: apiKey ? { 'x-api-key': apiKey } : {} });
const usdxm = (address: Address) =>
  chain().client.readContract({ address: server.ctx.chains.devnet!.stablecoin, abi: testUsdAbi, functionName: 'balanceOf', args: [address] });

async function createOrder(payer: Address | undefined, options: { currency?: string; quantity?: number } = {}) {
  const res = await api.call('/orders', {
    method: 'POST',
    body: {
      recipient: { walletAddress: payer ?? seller },
      payment: { method: 'devnet', currency: options.currency ?? 'usdxm', ...(payer ? { payerAddress: payer } : {}) },
      lineItems: { collectionLocator: `crossmint:${collectionId}`, callData: { quantity: options.quantity ?? 1 } },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.order as Record<string, any>;
}

/** Signs every prepared transaction with the buyer's key, in order, and waits for each to be mined. */
async function signAndSend(buyer: PrivateKeyAccount, preparation: { transactions: Array<{ purpose: string; serializedTransaction: Hex }> }) {
  for (const prepared of preparation.transactions) {
    const signed = await buyer.signTransaction(parseTransaction(prepared.serializedTransaction));
    const hash = await chain().client.sendRawTransaction({ serializedTransaction: signed });
    expect((await chain().client.waitForTransactionReceipt({ hash })).status, prepared.purpose).toBe('success');
  }
}

async function paymentsOf(orderId: string) {
  return server.ctx.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
}
async function eventsOf(orderId: string, type: string) {
  return server.ctx.db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, type)));
}
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A buyer with 100 USDXM from the faucet and, unless told otherwise, 1 ETH for gas. */
async function fundedBuyer(withGas = true) {
  const buyer = newBuyer();
  expect((await faucet({ chain: 'devnet', address: buyer.address })).status).toBe(200);
  if (withGas) await fundAccount(chain().client, { address: buyer.address, balance: parseEther('1') });
  return buyer;
}

/** The buyer's own call to the payment contract, outside any preparation (a wallet or script paying by hand). */
async function payByHand(buyer: PrivateKeyAccount, orderId: string, units: bigint) {
  const wallet = createSignerClient(devnetDefinition, chain().rpcUrl, buyer);
  const token = server.ctx.chains.devnet!.stablecoin;
  const payments = server.ctx.chains.devnet!.payments;
  await wallet.waitForTransactionReceipt({
    hash: await wallet.writeContract({ address: token, abi: erc20PaymentAbi, functionName: 'approve', args: [payments, units] }),
  });
  const hash = await wallet.writeContract({ address: payments, abi: paymentsAbi, functionName: 'pay', args: [orderIdToBytes32(orderId), token, units] });
  const receipt = await wallet.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
  return receipt;
}

describe(`devnet faucet (${testDb})`, () => {
  it('answers 401 without a key and 403 without orders.create', async () => {
    const body = { chain: 'devnet', address: newBuyer().address };
    expect((await faucet(body, '')).status).toBe(401);
    const denied = await faucet(body, await project.keyWith(['collections.read']));
    expect(denied.status).toBe(403);
    expect(denied.body.error_message).toMatch(/orders\.create/);
  });

  it('sends 100 test USDXM once per address per hour, kept in the database', async () => {
    const buyer = newBuyer();
    const first = await faucet({ chain: 'devnet', address: buyer.address.toLowerCase() });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      chain: 'devnet',
      address: buyer.address,
      amount: { amount: '100', currency: 'usdxm' },
      txId: expect.stringMatching(/^0x/),
    });
    expect(await usdxm(buyer.address)).toBe(100_000_000n);

    const again = await faucet({ chain: 'devnet', address: buyer.address });
    expect(again.status).toBe(429);
    expect(again.body.error_message).toMatch(/^This address already received test USDXM in the last hour\. Try again in (59|60) minutes\.$/);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(3_500);
    expect(await usdxm(buyer.address)).toBe(100_000_000n);

    // An hour later (the grant moved back), the address may ask again.
    await server.ctx.db
      .update(faucetGrants)
      .set({ grantedAt: new Date(Date.now() - 3_600_001) })
      .where(eq(faucetGrants.address, buyer.address));
    expect((await faucet({ chain: 'devnet', address: buyer.address })).status).toBe(200);
    expect(await usdxm(buyer.address)).toBe(200_000_000n);
  });

  it('gives to one of many concurrent requests for the same address', async () => {
    const buyer = newBuyer();
    const answers = await Promise.all(Array.from({ length: 4 }, () => faucet({ chain: 'devnet', address: buyer.address })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 429, 429, 429]);
    expect(await usdxm(buyer.address)).toBe(100_000_000n);
  });

  it('refuses chains that are not local, and bad input, with clear messages', async () => {
    const refused = await faucet({ chain: 'base-sepolia', address: newBuyer().address });
    expect(refused.status).toBe(400);
    expect(refused.body.error_message).toBe('The faucet gives test USDXM on local chains only (such as devnet); base-sepolia is not a local chain.');
    const badAddress = await faucet({ chain: 'devnet', address: '0x123' });
    expect(badAddress.status).toBe(400);
    expect(badAddress.body.error_message).toContain('address must be an EVM address');
    expect((await faucet({ chain: 'narnia', address: newBuyer().address })).status).toBe(400);
  });
});

describe(`crypto payments (${testDb})`, () => {
  it('asks for a payer address, then checks the balance and the gas up front', async () => {
    const noPayer = await createOrder(undefined);
    expect(noPayer.payment.status).toBe('requires-crypto-payer-address');
    expect(noPayer.payment.preparation).toBeUndefined();

    const buyer = newBuyer();
    const patch = (orderId: string) => api.call(`/orders/${orderId}`, { method: 'PATCH', body: { payment: { payerAddress: buyer.address } } });
    const broke = await patch(noPayer.orderId);
    expect(broke.body.payment).toMatchObject({ status: 'crypto-payer-insufficient-funds', payerAddress: buyer.address });
    expect(broke.body.payment.preparation).toBeUndefined();

    // USDXM but no coin for gas.
    expect((await faucet({ chain: 'devnet', address: buyer.address })).status).toBe(200);
    expect((await api.call(`/orders/${noPayer.orderId}`)).body.payment.status).toBe('crypto-payer-insufficient-funds-for-gas');
    // A native-coin order: the payer has no coin at all.
    expect((await createOrder(buyer.address, { currency: 'eth' })).payment.status).toBe('crypto-payer-insufficient-funds');

    await fundAccount(chain().client, { address: buyer.address, balance: parseEther('1') });
    const ready = (await api.call(`/orders/${noPayer.orderId}`)).body;
    expect(ready.payment.status).toBe('awaiting-payment');
  });

  it('takes USDXM: the payer approves and pays what the preparation holds, and the payment is recorded once', async () => {
    const buyer = await fundedBuyer();
    const order = await createOrder(buyer.address, { quantity: 2 });
    const { preparation } = order.payment;
    expect(order.payment.status).toBe('awaiting-payment');
    expect(preparation).toMatchObject({
      chain: 'devnet',
      chainId: 31337,
      payerAddress: buyer.address,
      contractAddress: server.ctx.chains.devnet!.payments,
      tokenAddress: server.ctx.chains.devnet!.stablecoin,
      orderIdOnChain: orderIdToBytes32(order.orderId),
      amount: { amount: '10', currency: 'usdxm', units: '10000000' },
    });
    expect(preparation.transactions.map((t: { purpose: string }) => t.purpose)).toEqual(['approve', 'pay']);
    expect(preparation.serializedTransaction).toBe(preparation.transactions[0].serializedTransaction);
    const pay = parseTransaction(preparation.transactions[1].serializedTransaction);
    expect(pay).toMatchObject({ chainId: 31337, type: 'eip1559' });
    expect(pay.to?.toLowerCase()).toBe(server.ctx.chains.devnet!.payments.toLowerCase());

    await signAndSend(buyer, preparation);
    const [payment] = await eventually(
      () => paymentsOf(order.orderId),
      (rows) => rows.length > 0,
      'the payment',
    );
    expect(payment).toMatchObject({
      method: 'devnet',
      currency: 'usdxm',
      decimals: 6,
      amountUnits: '10000000',
      payer: buyer.address,
      test: true,
      status: 'succeeded',
      reference: expect.stringMatching(/^0x[0-9a-f]{64}:\d+$/),
    });
    expect(await eventsOf(order.orderId, 'orders.payment.succeeded')).toHaveLength(1);
    expect(await usdxm(buyer.address)).toBe(90_000_000n);
    expect(await usdxm(server.ctx.chains.devnet!.payments)).toBeGreaterThanOrEqual(10_000_000n);
  });

  it('takes the native coin in one transaction', async () => {
    const buyer = newBuyer();
    await fundAccount(chain().client, { address: buyer.address, balance: parseEther('100') });
    const order = await createOrder(buyer.address, { currency: 'eth' });
    expect(order.payment.preparation.transactions.map((t: { purpose: string }) => t.purpose)).toEqual(['pay']);
    expect(order.payment.preparation.tokenAddress).toBeUndefined();
    const total = order.payment.preparation.amount.units as string;
    expect(BigInt(total)).toBeGreaterThan(0n);
    await signAndSend(buyer, order.payment.preparation);
    const [payment] = await eventually(
      () => paymentsOf(order.orderId),
      (rows) => rows.length > 0,
      'the payment',
    );
    expect(payment).toMatchObject({ currency: 'eth', decimals: 18, amountUnits: total, payer: buyer.address });
  });

  it('records an overpayment as paid, with what was received', async () => {
    const buyer = await fundedBuyer();
    const over = await createOrder(buyer.address);
    await payByHand(buyer, over.orderId, 6_500_000n);
    const [overpaid] = await eventually(
      () => paymentsOf(over.orderId),
      (rows) => rows.length > 0,
      'the overpayment',
    );
    expect(overpaid!.amountUnits).toBe('6500000');
    const [succeeded] = await eventsOf(over.orderId, 'orders.payment.succeeded');
    expect(succeeded!.data).toMatchObject({ amountUnits: '6500000', overpaidUnits: '1500000' });
  });

  // Issue 14 item 9 ("an underpayment leaves the order awaiting"): underpayments add up. Each is recorded; the order
  // waits, asking its payer for the rest, until their sum reaches the total; what goes beyond is recorded as overpaid.
  it('sums underpayments: the order awaits the rest, then pays when the sum reaches the total, the excess recorded', async () => {
    const buyer = await fundedBuyer();
    const order = await createOrder(buyer.address);
    await payByHand(buyer, order.orderId, 3_000_000n);
    await eventually(
      () => paymentsOf(order.orderId),
      (rows) => rows.length === 1,
      'the first underpayment',
    );
    const [partial] = await eventsOf(order.orderId, 'orders.payment.partial');
    expect(partial!.data).toMatchObject({ amountUnits: '3000000', missingUnits: '2000000', currency: 'usdxm' });
    const waiting = (await api.call(`/orders/${order.orderId}`)).body;
    expect(waiting).toMatchObject({ phase: 'payment', payment: { status: 'in-progress', received: { amount: '3', currency: 'usdxm' } } });
    // The payer is asked for the 2 USDXM left, not the whole price.
    expect(waiting.payment.preparation.amount).toEqual({ amount: '2', currency: 'usdxm', units: '2000000' });

    await payByHand(buyer, order.orderId, 1_500_000n);
    await eventually(
      () => paymentsOf(order.orderId),
      (rows) => rows.length === 2,
      'the second underpayment',
    );
    expect((await api.call(`/orders/${order.orderId}`)).body).toMatchObject({
      phase: 'payment',
      payment: { status: 'in-progress', received: { amount: '4.5' } },
    });
    expect(await eventsOf(order.orderId, 'orders.payment.succeeded')).toHaveLength(0);

    // 1 more brings 5.5 of 5: paid, 0.5 recorded as overpaid, and delivered once.
    await payByHand(buyer, order.orderId, 1_000_000n);
    const [succeeded] = await eventually(
      () => eventsOf(order.orderId, 'orders.payment.succeeded'),
      (rows) => rows.length > 0,
      'the payment that completes the sum',
    );
    expect(succeeded!.data).toMatchObject({ amountUnits: '1000000', overpaidUnits: '500000' });
    expect((await paymentsOf(order.orderId)).map((p) => p.amountUnits).sort()).toEqual(['1000000', '1500000', '3000000']);
    const paid = (await api.call(`/orders/${order.orderId}`)).body;
    expect(paid.phase).not.toBe('payment');
    expect(paid.payment).toMatchObject({ status: 'completed', received: { amount: '5.5', currency: 'usdxm' } });
    expect(await eventsOf(order.orderId, 'orders.payment.partial')).toHaveLength(2);
  });

  it('does not count a payment in another currency than the order', async () => {
    const buyer = await fundedBuyer();
    const order = await createOrder(buyer.address);
    const wallet = createSignerClient(devnetDefinition, chain().rpcUrl, buyer);
    const hash = await wallet.writeContract({
      address: server.ctx.chains.devnet!.payments,
      abi: paymentsAbi,
      functionName: 'payNative',
      args: [orderIdToBytes32(order.orderId)],
      value: parseEther('0.5'),
    });
    await wallet.waitForTransactionReceipt({ hash });
    const [noted] = await eventually(
      () => eventsOf(order.orderId, 'orders.payment.mismatched'),
      (rows) => rows.length > 0,
      'the note',
    );
    expect(noted!.data).toMatchObject({ amountUnits: parseEther('0.5').toString(), tokenAddress: '0x0000000000000000000000000000000000000000' });
    expect(await paymentsOf(order.orderId)).toHaveLength(0);
  });

  it('records nothing twice when a range is read again (a crash before the cursor moved)', async () => {
    const recorded = await server.ctx.db.select().from(orderPayments);
    const partial = await server.ctx.db.select().from(orderEvents).where(eq(orderEvents.type, 'orders.payment.partial'));
    expect(recorded.length).toBeGreaterThanOrEqual(3);
    await server.ctx.db.update(cryptoPaymentCursors).set({ nextBlock: 0 }).where(eq(cryptoPaymentCursors.chain, 'devnet'));
    // A second watcher (another process) reads the whole chain again alongside the server's own.
    await createCryptoPaymentWatcher(server.ctx, server.services.settlement).scanAll();
    const cursor = await server.ctx.db.select().from(cryptoPaymentCursors);
    expect(cursor[0]!.nextBlock).toBeGreaterThan(1);
    expect((await server.ctx.db.select().from(orderPayments)).map((p) => p.reference).sort()).toEqual(recorded.map((p) => p.reference).sort());
    expect(await server.ctx.db.select().from(orderEvents).where(eq(orderEvents.type, 'orders.payment.partial'))).toHaveLength(partial.length);
  });

  it('ignores a payment that names no order', async () => {
    const buyer = await fundedBuyer();
    const unknown = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const before = (await server.ctx.db.select().from(orderPayments)).length;
    const receipt = await payByHand(buyer, unknown, 1_000_000n);
    await eventually(
      () => server.ctx.db.select().from(cryptoPaymentCursors),
      (rows) => (rows[0]?.nextBlock ?? 0) > Number(receipt.blockNumber),
      'the watcher to pass the block',
    );
    expect(await server.ctx.db.select().from(orderPayments)).toHaveLength(before);
  });

  it('waits for the configured confirmations', async () => {
    const buyer = await fundedBuyer();
    const order = await createOrder(buyer.address);
    server.ctx.config.cryptoPayments.confirmations = 3;
    try {
      await signAndSend(buyer, order.payment.preparation);
      await createCryptoPaymentWatcher(server.ctx, server.services.settlement).scanAll();
      expect(await paymentsOf(order.orderId)).toHaveLength(0); // one block old, not three
      await chain().client.request({ method: 'anvil_mine' as never, params: ['0x2'] as never });
      await eventually(
        () => paymentsOf(order.orderId),
        (rows) => rows.length === 1,
        'the confirmed payment',
      );
    } finally {
      server.ctx.config.cryptoPayments.confirmations = undefined;
    }
  });

  it('refunds a payment on chain to the payer, once', async () => {
    const buyer = await fundedBuyer();
    const order = await createOrder(buyer.address);
    await signAndSend(buyer, order.payment.preparation);
    const [payment] = await eventually(
      () => paymentsOf(order.orderId),
      (rows) => rows.length > 0,
      'the payment',
    );
    expect(await usdxm(buyer.address)).toBe(95_000_000n);
    const refundable = { ...payment!, payer: payment!.payer };
    const refunds = await Promise.all([
      server.services.cryptoRefunder.refund(refundable, 'delivery failed'),
      server.services.cryptoRefunder.refund(refundable, 'delivery failed'),
    ]);
    expect(refunds[0].reference).toMatch(/^0x[0-9a-f]{64}$/);
    expect(refunds[1].reference).toBe(refunds[0].reference);
    expect(await usdxm(buyer.address)).toBe(100_000_000n);
    const held = await chain().client.readContract({
      address: server.ctx.chains.devnet!.payments,
      abi: paymentsAbi,
      functionName: 'held',
      args: [orderIdToBytes32(order.orderId), server.ctx.chains.devnet!.stablecoin],
    });
    expect(held).toBe(0n);
  });
});
