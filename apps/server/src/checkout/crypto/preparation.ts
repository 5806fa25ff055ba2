// What a crypto order's payer signs (ADR 106): `payment.preparation`, with the balance and gas checked up front.
// A native-coin order is one transaction (`payNative`); a token order is the token's `approve` (only when the
// payer's allowance to the payment contract is short) and then `pay`. Each is an unsigned EIP-1559 transaction,
// serialized (viem's `serializeTransaction`), with the payer's next nonces so that the wallet signs them in order.
import { erc20PaymentAbi, paymentsAbi } from '@keepsake/chains/abis';
import type { OrderPaymentColumn, OrderQuoteColumn } from '@keepsake/db/schema';
import { encodeFunctionData, serializeTransaction, type Address, type Hex } from 'viem';
import type { ChainConnection, ChainRuntime } from '../../chains/runtime.ts';
import { findCurrency } from '../pricing/currencies.ts';
import { fromUnits } from '../pricing/money.ts';
import { orderIdToBytes32 } from './order-id.ts';

/** What `pay` costs at most when it cannot be estimated yet (its approval is not mined): a first ERC-20 transfer in. */
const payGasBound = 120_000n;

export type PreparedTransaction = { purpose: 'approve' | 'pay'; to: Address; data: Hex; value: string; serializedTransaction: Hex };

export type CryptoPreparation = {
  chain: string;
  chainId: number;
  payerAddress: Address;
  /** The payment contract the payer pays through. */
  contractAddress: Address;
  /** The order id as the contract's `bytes32`. */
  orderIdOnChain: Hex;
  /** The ERC-20 paid with; absent for the native coin. */
  tokenAddress?: Address;
  amount: { amount: string; currency: string; units: string };
  /** The first transaction still to sign: the approval when one is needed, else the payment. */
  serializedTransaction: Hex;
  /** Every transaction to sign, in order. */
  transactions: PreparedTransaction[];
};

export type CryptoPaymentState =
  { status: 'awaiting-payment'; preparation: CryptoPreparation } | { status: 'crypto-payer-insufficient-funds' | 'crypto-payer-insufficient-funds-for-gas' };

type PayableOrder = {
  id: string;
  payment: OrderPaymentColumn & { payerAddress: string };
  quote: OrderQuoteColumn;
  /** What the order's payments in its currency brought so far (underpayments): only the rest is asked for. */
  receivedUnits?: bigint;
};

/** The chain's payment contract, or undefined when it takes no crypto payments. */
export function paymentContractOf(chains: ChainRuntime, chain: string): Address | undefined {
  return chains.connections.find((c) => c.chain === chain)?.paymentsContract;
}

async function estimate(connection: ChainConnection, from: Address, to: Address, data: Hex, value: bigint, bound: bigint): Promise<bigint> {
  return connection.client.estimateGas({ account: from, to, data, value }).catch(() => bound);
}

/**
 * The payer's transactions for the order, or the insufficient-funds status its balances give. Reads the chain:
 * balances, allowance, nonce, fees and gas.
 */
export async function prepareCryptoPayment(chains: ChainRuntime, order: PayableOrder): Promise<CryptoPaymentState> {
  const connection = chains.get(order.payment.method);
  const contract = connection.paymentsContract;
  const currency = findCurrency(chains, order.payment.method, order.payment.currency);
  if (!contract || !currency || currency.kind === 'fiat') throw new Error(`Order ${order.id} is not payable on ${order.payment.method}`);
  const payer = order.payment.payerAddress as Address;
  const amount = BigInt(order.quote.totalUnits) - (order.receivedUnits ?? 0n);
  if (amount <= 0n) throw new Error(`Order ${order.id} is paid in full already`);
  const orderIdOnChain = orderIdToBytes32(order.id);
  const client = connection.client;
  const [coinBalance, fees, nonce] = await Promise.all([
    client.getBalance({ address: payer }),
    client.estimateFeesPerGas(),
    client.getTransactionCount({ address: payer, blockTag: 'pending' }),
  ]);

  const calls: Array<Omit<PreparedTransaction, 'serializedTransaction' | 'value'> & { value: bigint; gas: bigint }> = [];
  if (currency.kind === 'native') {
    if (coinBalance < amount) return { status: 'crypto-payer-insufficient-funds' };
    const data = encodeFunctionData({ abi: paymentsAbi, functionName: 'payNative', args: [orderIdOnChain] });
    calls.push({ purpose: 'pay', to: contract, data, value: amount, gas: await estimate(connection, payer, contract, data, amount, payGasBound) });
  } else {
    const token = currency.address!;
    const read = { address: token, abi: erc20PaymentAbi } as const;
    const [tokenBalance, allowance] = await Promise.all([
      client.readContract({ ...read, functionName: 'balanceOf', args: [payer] }),
      client.readContract({ ...read, functionName: 'allowance', args: [payer, contract] }),
    ]);
    if (tokenBalance < amount) return { status: 'crypto-payer-insufficient-funds' };
    if (allowance < amount) {
      const data = encodeFunctionData({ abi: erc20PaymentAbi, functionName: 'approve', args: [contract, amount] });
      calls.push({ purpose: 'approve', to: token, data, value: 0n, gas: await estimate(connection, payer, token, data, 0n, payGasBound) });
    }
    const data = encodeFunctionData({ abi: paymentsAbi, functionName: 'pay', args: [orderIdOnChain, token, amount] });
    const gas = allowance < amount ? payGasBound : await estimate(connection, payer, contract, data, 0n, payGasBound);
    calls.push({ purpose: 'pay', to: contract, data, value: 0n, gas });
  }
  const gasCost = calls.reduce((sum, call) => sum + call.gas, 0n) * fees.maxFeePerGas;
  const spentInCoin = currency.kind === 'native' ? amount : 0n;
  if (coinBalance < spentInCoin + gasCost) return { status: 'crypto-payer-insufficient-funds-for-gas' };

  const transactions = calls.map((call, index): PreparedTransaction => ({
    purpose: call.purpose,
    to: call.to,
    data: call.data,
    value: call.value.toString(),
    serializedTransaction: serializeTransaction({
      type: 'eip1559',
      chainId: connection.chainId,
      nonce: nonce + index,
      to: call.to,
      data: call.data,
      value: call.value,
      gas: call.gas,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    }),
  }));
  return {
    status: 'awaiting-payment',
    preparation: {
      chain: connection.chain,
      chainId: connection.chainId,
      payerAddress: payer,
      contractAddress: contract,
      orderIdOnChain,
      ...(currency.kind === 'token' ? { tokenAddress: currency.address! } : {}),
      amount: { amount: fromUnits(amount, currency.decimals), currency: currency.code, units: amount.toString() },
      serializedTransaction: transactions[0]!.serializedTransaction,
      transactions,
    },
  };
}
