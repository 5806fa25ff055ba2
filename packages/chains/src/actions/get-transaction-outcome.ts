import { getAddress, type Address, type Hash, type TransactionReceipt } from 'viem';
import { getTransactionCount, getTransactionReceipt } from 'viem/actions';
import type { ReadClient } from '../clients.ts';

export type GetTransactionOutcomeParameters = { hash: Hash; from: Address; nonce: number };
export type GetTransactionOutcomeReturnType =
  | { status: 'pending' }
  | { status: 'confirmed'; blockNumber: bigint; contractAddress: Address | undefined; gasUsed: bigint; receipt: TransactionReceipt }
  | { status: 'reverted'; blockNumber: bigint; receipt: TransactionReceipt }
  /** Another transaction used its nonce: this one can never be mined. */
  | { status: 'replaced' };

/**
 * Where a sent transaction stands, without waiting: mined (and how, with its receipt), still pending, or replaced. The nonce is
 * read before the receipt, so a transaction mined between the two reads is never taken for replaced.
 *
 * @example
 * const outcome = await getTransactionOutcome(client, { hash, from: signer, nonce: 7 });
 */
export async function getTransactionOutcome(client: ReadClient, parameters: GetTransactionOutcomeParameters): Promise<GetTransactionOutcomeReturnType> {
  const minedNonces = await getTransactionCount(client, { address: parameters.from, blockTag: 'latest' });
  const receipt = await getTransactionReceipt(client, { hash: parameters.hash }).catch((error: unknown) => {
    if (error instanceof Error && error.name === 'TransactionReceiptNotFoundError') return undefined;
    throw error;
  });
  if (receipt) {
    if (receipt.status !== 'success') return { status: 'reverted', blockNumber: receipt.blockNumber, receipt };
    return {
      status: 'confirmed',
      blockNumber: receipt.blockNumber,
      contractAddress: receipt.contractAddress ? getAddress(receipt.contractAddress) : undefined,
      gasUsed: receipt.gasUsed,
      receipt,
    };
  }
  return minedNonces > parameters.nonce ? { status: 'replaced' } : { status: 'pending' };
}
