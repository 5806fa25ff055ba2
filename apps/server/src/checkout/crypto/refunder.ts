// Crypto refunds (ADR 106): the payment contract gives an order's escrowed payment back to the payer, signed by the
// platform signer that operates the contract, through the exactly-once recorded transactions (ADR 030). A refund is
// recorded once per payment reference: asked again (a retried job, a restart), it waits for the same transaction.
import { paymentsAbi } from '@keepsake/chains/abis';
import { signTransaction } from '@keepsake/chains/actions/sign-transaction';
import { encodeFunctionData, getAddress, zeroAddress, type Address } from 'viem';
import type { ChainTransactionService } from '../../chains/transactions.ts';
import type { AppContext } from '../../context.ts';
import { findCurrency } from '../pricing/currencies.ts';
import type { RefundablePayment, Refunder } from '../settlement/ports.ts';
import { orderIdToBytes32 } from './order-id.ts';
import { lockOrder } from './store.ts';

const REFUND = 'crypto-refund';

export class CryptoRefundError extends Error {
  override name = 'CryptoRefundError';
}

export function createCryptoRefunder(ctx: AppContext, deps: { chainTransactions: ChainTransactionService }): Refunder {
  const { chainTransactions } = deps;

  /** The platform signer slot that operates the chain's payment contract (its owner). */
  async function operatorSlot(chain: string, contract: Address): Promise<number> {
    const owner = await ctx.chains.get(chain).client.readContract({ address: contract, abi: paymentsAbi, functionName: 'owner' });
    const signer = ctx.chains.signers.find((s) => s.address === getAddress(owner));
    if (!signer) throw new CryptoRefundError(`The payment contract on ${chain} is operated by ${owner}, which is not one of this server's signers.`);
    return signer.slot;
  }

  return {
    async refund(payment: RefundablePayment, reason: string) {
      const connection = ctx.chains.get(payment.method);
      const contract = connection.paymentsContract;
      const currency = findCurrency(ctx.chains, payment.method, payment.currency);
      if (!contract || !currency || currency.kind === 'fiat') throw new CryptoRefundError(`${payment.currency} on ${payment.method} is not a crypto payment.`);
      if (!payment.payer) throw new CryptoRefundError(`The payment ${payment.reference} has no payer to refund.`);
      const token = currency.kind === 'native' ? zeroAddress : currency.address!;
      const slot = await operatorSlot(payment.method, contract);
      const data = encodeFunctionData({
        abi: paymentsAbi,
        functionName: 'refund',
        args: [orderIdToBytes32(payment.orderId), token, getAddress(payment.payer), BigInt(payment.amountUnits)],
      });
      const row = await ctx.db.transaction(async (tx) => {
        await lockOrder(tx, payment.orderId);
        const earlier = (await chainTransactions.listFor(payment.orderId, REFUND, tx)).find(
          (t) => t.details.reference === payment.reference && t.status !== 'replaced' && t.status !== 'reverted',
        );
        if (earlier) return earlier;
        return chainTransactions.record(tx, {
          chain: payment.method,
          slot,
          purpose: REFUND,
          subjectId: payment.orderId,
          details: { reference: payment.reference, reason },
          sign: (client, nonce) => signTransaction(client, { to: contract, data, nonce }),
        });
      });
      const [settled] = await chainTransactions.waitFor([row.id]);
      if (settled?.status !== 'confirmed') throw new CryptoRefundError(`The refund transaction ${settled?.hash ?? row.hash} was ${settled?.status ?? 'lost'}.`);
      ctx.log.info({ orderId: payment.orderId, reference: payment.reference, txHash: settled.hash }, 'refunded a crypto payment on chain');
      return { reference: settled.hash };
    },
  };
}
