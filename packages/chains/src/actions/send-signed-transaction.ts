import { BaseError as ViemBaseError, type Hash, type Hex } from 'viem';
import { sendRawTransaction } from 'viem/actions';
import type { ReadClient } from '../clients.ts';
import { TransactionSendError } from '../errors/contract.ts';

export type SendSignedTransactionParameters = { serializedTransaction: Hex; hash: Hash };
/**
 * `accepted`: the node took it now; `known`: the node already had it (sent before); `nonce-used`: its nonce is
 * taken, by this very transaction once mined or by another one (`getTransactionOutcome` tells which).
 */
export type SendSignedTransactionReturnType = 'accepted' | 'known' | 'nonce-used';
export type SendSignedTransactionErrorType = TransactionSendError;

const knownPattern = /already known|already imported|known transaction|transaction already exists/i;
const nonceUsedPattern = /nonce too low|nonce has already been used|invalid nonce|NonceTooLow|oldnonce/i;

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
    throw new TransactionSendError(parameters.hash, error);
  }
}
