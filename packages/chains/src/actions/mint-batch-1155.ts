import type { Address, Hash } from 'viem';
import { writeContract } from 'viem/actions';
import { collection1155Abi } from '../abis.ts';
import type { SignerClient } from '../clients.ts';
import { InvalidBatchError, type ContractCallError, type MissingRoleError, type SupplyLimitExceededError } from '../errors/contract.ts';
import { overridesOf, type TransactionOverrides } from './mint-batch.ts';
import { contractError } from './contract-errors.ts';

export type MintBatch1155Parameters = TransactionOverrides & {
  /** The ERC-1155 collection. */
  contract: Address;
  /** `amount` of token `tokenId` (a template) to `to`, for each entry. */
  mints: ReadonlyArray<{ to: Address; tokenId: bigint; amount: bigint }>;
};
export type MintBatch1155ReturnType = Hash;
export type MintBatch1155ErrorType = InvalidBatchError | SupplyLimitExceededError | MissingRoleError | ContractCallError;

/**
 * Mints ERC-1155 tokens to many recipients in one transaction.
 *
 * @example
 * const hash = await mintBatch1155(signer, { contract, mints: [{ to: alice, tokenId: 1n, amount: 2n }] });
 */
export async function mintBatch1155(client: SignerClient, parameters: MintBatch1155Parameters): Promise<MintBatch1155ReturnType> {
  if (parameters.mints.length === 0) throw new InvalidBatchError('no mints');
  try {
    return await writeContract(client, {
      address: parameters.contract,
      abi: collection1155Abi,
      functionName: 'mintBatch',
      args: [parameters.mints.map((m) => m.to), parameters.mints.map((m) => m.tokenId), parameters.mints.map((m) => m.amount)],
      account: client.account,
      chain: client.chain,
      ...overridesOf(parameters),
    });
  } catch (error) {
    throw contractError('mintBatch', error);
  }
}
