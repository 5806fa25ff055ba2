import type { Address, Hash } from 'viem';
import { writeContract } from 'viem/actions';
import { collection721Abi } from '../abis.ts';
import type { SignerClient } from '../clients.ts';
import { InvalidBatchError, type ContractCallError, type MissingRoleError, type SupplyLimitExceededError } from '../errors/contract.ts';
import { contractError } from './contract-errors.ts';

export type TransactionOverrides = {
  /** The signer's nonce for this transaction (the minting pipeline manages nonces per signer). */
  nonce?: number;
  /** Gas limit; when given, no estimate is made (a revert then shows only in the receipt). */
  gas?: bigint;
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
};

/** The overrides a caller gave, to pass on to viem. */
export function overridesOf(parameters: TransactionOverrides): TransactionOverrides {
  const { nonce, gas, maxFeePerGas, maxPriorityFeePerGas } = parameters;
  return { nonce, gas, maxFeePerGas, maxPriorityFeePerGas };
}

export type MintBatchParameters = TransactionOverrides & {
  /** The ERC-721 collection. */
  contract: Address;
  /** One token to each, in order; token ids are consecutive. */
  recipients: readonly Address[];
};
/** The transaction's hash; `getMintedTokens` reads the token ids from its receipt. */
export type MintBatchReturnType = Hash;
export type MintBatchErrorType = InvalidBatchError | SupplyLimitExceededError | MissingRoleError | ContractCallError;

/**
 * Mints one token of an ERC-721 collection to each recipient, in one transaction.
 *
 * @example
 * const hash = await mintBatch(signer, { contract, recipients: [alice, bob] });
 * const minted = await getMintedTokens(signer, { hash, contract }); // [{ to: alice, tokenId: 1n, … }, { to: bob, tokenId: 2n, … }]
 */
export async function mintBatch(client: SignerClient, parameters: MintBatchParameters): Promise<MintBatchReturnType> {
  if (parameters.recipients.length === 0) throw new InvalidBatchError('no recipients');
  try {
    return await writeContract(client, {
      address: parameters.contract,
      abi: collection721Abi,
      functionName: 'mintBatch',
      args: [parameters.recipients],
      account: client.account,
      chain: client.chain,
      ...overridesOf(parameters),
    });
  } catch (error) {
    throw contractError('mintBatch', error);
  }
}
