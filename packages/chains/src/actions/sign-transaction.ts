import { keccak256, type Address, type Hash, type Hex } from 'viem';
import { prepareTransactionRequest, signTransaction as viemSignTransaction } from 'viem/actions';
import type { SignerClient } from '../clients.ts';
import type { ChainsError } from '../errors/base.ts';
import { contractError } from './contract-errors.ts';

export type SignTransactionParameters = {
  /** The contract to call; none for a deployment. */
  to?: Address;
  data: Hex;
  /** The signer's nonce: the caller manages nonces (and records the transaction before sending it). */
  nonce: number;
  /** Gas limit; estimated when not given (an estimate that reverts throws the contract's error). */
  gas?: bigint;
};
/** The signed transaction, ready for `sendSignedTransaction`, and its hash (known before it is sent). */
export type SignedTransaction = { serializedTransaction: Hex; hash: Hash };
export type SignTransactionReturnType = SignedTransaction;
export type SignTransactionErrorType = ChainsError;

/**
 * Fills in gas and fees and signs a transaction without sending it, so that it can be stored first and sent
 * (and sent again) as the same bytes with the same hash.
 *
 * @example
 * const signed = await signTransaction(signer, { to: contract, data, nonce: 7 });
 * await store(signed); // then
 * await sendSignedTransaction(signer, signed);
 */
export async function signTransaction(client: SignerClient, parameters: SignTransactionParameters): Promise<SignTransactionReturnType> {
  let serializedTransaction: Hex;
  try {
    const request = await prepareTransactionRequest(client, {
      account: client.account,
      chain: client.chain,
      to: parameters.to,
      data: parameters.data,
      nonce: parameters.nonce,
      gas: parameters.gas,
    });
    serializedTransaction = await viemSignTransaction(client, request as Parameters<typeof viemSignTransaction>[1]);
  } catch (error) {
    throw contractError(parameters.to ? 'sign transaction' : 'sign deployment', error);
  }
  return { serializedTransaction, hash: keccak256(serializedTransaction) };
}
