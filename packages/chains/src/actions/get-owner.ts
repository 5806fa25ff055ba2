import type { Address } from 'viem';
import { readContract } from 'viem/actions';
import { collection721Abi } from '../abis.ts';
import type { ReadClient } from '../clients.ts';
import type { ContractCallError, TokenNotFoundError } from '../errors/contract.ts';
import { contractError } from './contract-errors.ts';

export type GetOwnerParameters = { contract: Address; tokenId: bigint };
export type GetOwnerReturnType = Address;
export type GetOwnerErrorType = TokenNotFoundError | ContractCallError;

/**
 * The holder of an ERC-721 token (`ownerOf`). Throws TokenNotFoundError for a token that was never minted.
 *
 * @example
 * const holder = await getOwner(client, { contract, tokenId: 1n });
 */
export async function getOwner(client: ReadClient, parameters: GetOwnerParameters): Promise<GetOwnerReturnType> {
  try {
    return await readContract(client, { address: parameters.contract, abi: collection721Abi, functionName: 'ownerOf', args: [parameters.tokenId] });
  } catch (error) {
    throw contractError('ownerOf', error, { contract: parameters.contract, tokenId: parameters.tokenId });
  }
}
