import { BaseError as ViemBaseError, type Hash, type Hex } from 'viem';
import { sendRawTransaction } from 'viem/actions';
import type { ReadClient } from '../clients.ts';
import { TransactionSendError } from '../errors/contract.ts';

export type SendSignedTransactionParameters = { serializedTransaction: Hex; hash: Hash };
/**
 * `accepted`: the node took it now; `known`: the node already had it (sent before); `nonce-used`: its nonce is
 * taken, by this very transaction once mined or by another one (`getTransactionOutcome` tells which);
 * `underpriced`: its fee cap is below what the chain asks now (the base fee rose since it was signed), so the
 * node refuses it: sign it again at the same nonce with higher fees.
 */
export type SendSignedTransactionReturnType = 'accepted' | 'known' | 'nonce-used' | 'underpriced';
export type SendSignedTransactionErrorType = TransactionSendError;

const knownPattern = /already known|already imported|known transaction|transaction already exists/i;
const nonceUsedPattern = /nonce too low|nonce has already been used|invalid nonce|NonceTooLow|oldnonce/i;
// geth: "max fee per gas less than block base fee", "transaction underpriced"; anvil says the same; others
// "fee cap less than block base fee" or "feeCapTooLow". Not "replacement transaction underpriced": that is
// another version of this nonce in the pool, which a resend of the newest version handles.
const underpricedPattern = /less than (the )?block base fee|fee ?cap too low|(?<!replacement )transaction underpriced/i;

function messagesOf(error: unknown): string {
  const parts: string[] = [];
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    parts.push(current.message, current instanceof ViemBaseError ? current.details : '');
  }
  return parts.join('\n');
}

/**
 * Sends a transaction signed earlier (`signTransaction`). Sending the same bytes again is harmless: the chain
 * can mine them only once.
 *
 * @example
 * await sendSignedTransaction(client, signed); // 'accepted'
 * await sendSignedTransaction(client, signed); // 'known' while pending, 'nonce-used' once mined
 */
export async function sendSignedTransaction(client: ReadClient, parameters: SendSignedTransactionParameters): Promise<SendSignedTransactionReturnType> {
  try {
    await sendRawTransaction(client, { serializedTransaction: parameters.serializedTransaction });
    return 'accepted';
  } catch (error) {
    const text = messagesOf(error);
    if (knownPattern.test(text)) return 'known';
    if (nonceUsedPattern.test(text)) return 'nonce-used';
    if (underpricedPattern.test(text)) return 'underpriced';
    throw new TransactionSendError(parameters.hash, error);
  }
}
