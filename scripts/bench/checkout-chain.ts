// The buyer's side of bench:checkout: payers on the devnet (viem local accounts, funded through the faucet and
// anvil's setBalance), paying through the KeepsakePayments contract, and the webhook receiver the server posts to.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { erc20PaymentAbi, paymentsAbi } from '@keepsake/chains/abis';
import { fundAccount } from '@keepsake/chains/actions/fund-account';
import { createSignerClient, type ChainSignerClient } from '@keepsake/chains/clients';
import { devnet } from '@keepsake/chains/definitions/devnet';
import { maxUint256, pad, parseEther, parseTransaction, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

/** The contract's `bytes32` order id, as docs/checkout.md gives it: the order's UUID in the low 16 bytes. */
const onChainId = (orderId: string) => pad(`0x${orderId.replaceAll('-', '')}`, { size: 32 });

/** Gas for one `pay` (a token transfer in and an event), given so that a payer sending many does not estimate each. */
const payGas = 150_000n;

/** Every webhook the server posted, by event type and order id, with the time it arrived (Date.now()). */
export async function startWebhookReceiver() {
  const arrivals = new Map<string, number[]>();
  const waiters = new Map<string, () => void>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const at = Date.now();
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { type: string; data: { orderId?: string } };
      if (!event.data.orderId) return;
      const key = `${event.type}/${event.data.orderId}`;
      arrivals.set(key, [...(arrivals.get(key) ?? []), at]);
      waiters.get(key)?.();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    /** When the event for the order first arrived, waiting for it up to `timeoutMs`. */
    async first(type: string, orderId: string, timeoutMs: number): Promise<number | undefined> {
      const key = `${type}/${orderId}`;
      if (!arrivals.has(key)) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, timeoutMs);
          waiters.set(key, () => {
            clearTimeout(timer);
            resolve();
          });
        });
        waiters.delete(key);
      }
      return arrivals.get(key)?.[0];
    },
    /** How many times the event arrived for the order (a webhook is at least once). */
    count: (type: string, orderId: string) => arrivals.get(`${type}/${orderId}`)?.length ?? 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

export type Payer = { address: Address; wallet: ChainSignerClient };

/** A new payer with 100 USDXM from the faucet (`apiKey` holds orders.create) and 10 ETH for gas. */
export async function fundedPayer(serverUrl: string, apiKey: string, rpcUrl: string): Promise<Payer> {
  const account = privateKeyToAccount(generatePrivateKey());
  const wallet = createSignerClient(devnet, rpcUrl, account);
  const res = await fetch(`${serverUrl}/api/v1-alpha1/faucet`, {
    method: 'POST',
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ chain: 'devnet', address: account.address }),
  });
  if (res.status !== 200) throw new Error(`the faucet answered ${res.status}: ${await res.text()}`);
  await fundAccount(wallet, { address: account.address, balance: parseEther('10') });
  return { address: account.address, wallet };
}

/**
 * Signs and sends the order's prepared transactions as a wallet would (ADR 106): every one but the last is waited
 * for; answers the last one's hash and when it was sent.
 */
export async function payPrepared(payer: Payer, transactions: Array<{ serializedTransaction: Hex }>) {
  let sentAt = 0;
  let hash: Hex = '0x';
  for (const [i, prepared] of transactions.entries()) {
    const signed = await payer.wallet.account.signTransaction!(parseTransaction(prepared.serializedTransaction));
    sentAt = Date.now();
    hash = await payer.wallet.sendRawTransaction({ serializedTransaction: signed });
    if (i < transactions.length - 1) await payer.wallet.waitForTransactionReceipt({ hash });
  }
  return { hash, sentAt };
}

/** Approves the payment contract for everything once, then sends one `pay` per order at once (consecutive nonces). */
export async function payAll(payer: Payer, contract: Address, token: Address, orders: Array<{ orderId: string; units: bigint }>) {
  await payer.wallet.waitForTransactionReceipt({
    hash: await payer.wallet.writeContract({ address: token, abi: erc20PaymentAbi, functionName: 'approve', args: [contract, maxUint256] }),
  });
  const nonce = await payer.wallet.getTransactionCount({ address: payer.address, blockTag: 'pending' });
  const fees = await payer.wallet.estimateFeesPerGas();
  return Promise.all(
    orders.map(async (order, i) => {
      const sentAt = Date.now();
      const hash = await payer.wallet.writeContract({
        address: contract,
        abi: paymentsAbi,
        functionName: 'pay',
        args: [onChainId(order.orderId), token, order.units],
        nonce: nonce + i,
        gas: payGas,
        maxFeePerGas: fees.maxFeePerGas,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      });
      return { orderId: order.orderId, hash, sentAt };
    }),
  );
}
