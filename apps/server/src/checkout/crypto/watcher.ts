// The crypto payment watcher (ADR 106): reads each chain's payment contract for `OrderPaid` logs from a cursor kept
// in the database, once they have the configured confirmations, and reports each payment in the order's currency to
// the PaymentSink, which sums them. The cursor moves only after every log up to it is handled, so a restart resumes
// where it was and a range read twice records nothing twice (the reference `{txHash}:{logIndex}` is unique in
// order_payments).
import { paymentsAbi } from '@keepsake/chains/abis';
import { getAbiItem, getAddress, zeroAddress, type Address, type Log } from 'viem';
import type { ChainConnection } from '../../chains/runtime.ts';
import { checkoutConfirmations } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { findCurrency } from '../pricing/currencies.ts';
import type { PaymentSink } from '../settlement/ports.ts';
import { bytes32ToOrderId } from './order-id.ts';
import * as store from './store.ts';

const orderPaid = getAbiItem({ abi: paymentsAbi, name: 'OrderPaid' });
type OrderPaidLog = Log<bigint, number, false, typeof orderPaid, true>;

/** Blocks read per getLogs call: public RPC providers cap the range; a local devnet does not. */
const blocksPerRead = { local: 100_000, remote: 2_000 };

export type CryptoPaymentWatcher = {
  /** Reads every chain with a payment contract up to its confirmed head. */
  scanAll(): Promise<void>;
  scan(connection: ChainConnection): Promise<void>;
};

export function createCryptoPaymentWatcher(ctx: AppContext, sink: PaymentSink): CryptoPaymentWatcher {
  const confirmationsOf = (connection: ChainConnection) =>
    checkoutConfirmations(ctx.config.cryptoPayments, connection.chain, connection.definition.kind === 'local');

  /** A block's time, read once per block a scan needs it for. */
  const blockTime = (connection: ChainConnection, times: Map<bigint, Promise<Date>>, blockNumber: bigint) => {
    let time = times.get(blockNumber);
    if (!time) {
      time = connection.client.getBlock({ blockNumber }).then((block) => new Date(Number(block.timestamp) * 1000));
      times.set(blockNumber, time);
    }
    return time;
  };

  async function handle(connection: ChainConnection, log: OrderPaidLog, times: Map<bigint, Promise<Date>>): Promise<void> {
    const { orderId: onChainId, payer, token, amount } = log.args;
    const reference = `${log.transactionHash}:${log.logIndex}`;
    const orderId = bytes32ToOrderId(onChainId);
    const order = orderId ? await store.findOrderById(ctx.db, orderId) : undefined;
    if (!order) {
      ctx.log.warn({ chain: connection.chain, reference, orderId: onChainId }, 'a payment names no known order: ignored');
      return;
    }
    const details = { reference, payer, amountUnits: amount.toString(), blockNumber: Number(log.blockNumber) };
    const currency = order.payment.method === connection.chain ? findCurrency(ctx.chains, connection.chain, order.payment.currency) : undefined;
    const expected: Address | undefined = currency?.kind === 'native' ? zeroAddress : currency?.kind === 'token' ? currency.address : undefined;
    if (!expected || getAddress(token) !== getAddress(expected)) {
      ctx.log.warn({ chain: connection.chain, reference, orderId }, 'a payment for an order in another currency or on another chain: not counted');
      await ctx.db.transaction((tx) => store.addEventOnce(tx, order, 'orders.payment.mismatched', { ...details, tokenAddress: token }));
      return;
    }
    // Every payment in the order's currency is reported, whatever its amount: settlement sums an order's payments, so
    // several underpayments pay the order once they reach its total (the excess recorded as overpaid), and until then
    // the order awaits the rest (`orders.payment.partial`).
    await sink.paymentSucceeded({
      orderId: order.id,
      method: connection.chain,
      currency: order.payment.currency,
      decimals: order.quote.decimals,
      amountUnits: amount.toString(),
      reference,
      payer,
      test: connection.definition.kind !== 'mainnet',
      receivedAt: new Date(),
      // The block's time is when the payer paid: settlement refunds a payment made after the quote expired (ADR 135).
      paidAt: await blockTime(connection, times, log.blockNumber),
    });
  }

  async function scan(connection: ChainConnection): Promise<void> {
    const contract = connection.paymentsContract;
    if (!contract) return;
    const latest = await connection.client.getBlockNumber({ cacheTime: 0 });
    const confirmed = Number(latest) - (confirmationsOf(connection) - 1);
    const cursor = await store.findCursor(ctx.db, connection.chain);
    const local = connection.definition.kind === 'local';
    // A first read (or a new contract) starts at the chain's beginning on a local chain; elsewhere at the confirmed head.
    let from = cursor && cursor.contractAddress === contract ? cursor.nextBlock : local ? 0 : Math.max(confirmed, 0);
    // A local devnet whose state was reset is behind the cursor (and redeploys at the same addresses): read it anew.
    if (local && from > Number(latest) + 1) from = 0;
    const step = local ? blocksPerRead.local : blocksPerRead.remote;
    const times = new Map<bigint, Promise<Date>>();
    const read = from <= confirmed;
    while (from <= confirmed) {
      const to = Math.min(confirmed, from + step - 1);
      const logs = await connection.client.getLogs({ address: contract, event: orderPaid, fromBlock: BigInt(from), toBlock: BigInt(to), strict: true });
      for (const log of logs) await handle(connection, log, times);
      await store.saveCursor(ctx.db, connection.chain, contract, to + 1);
      from = to + 1;
    }
    // Every payment made up to the confirmed head's time is recorded now: underpaid orders whose quote expired before
    // it can no longer be paid in time (ADR 135).
    if (read && confirmed >= 0) await sink.paymentsSeenUntil(connection.chain, await blockTime(connection, times, BigInt(confirmed)));
  }

  return {
    scan,
    async scanAll() {
      for (const connection of ctx.chains.connections) {
        try {
          await scan(connection);
        } catch (error) {
          ctx.log.warn({ err: error, chain: connection.chain }, 'could not read payments from the chain; will try again');
        }
      }
    },
  };
}
