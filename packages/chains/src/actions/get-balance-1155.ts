import type { Address } from 'viem';
import { readContract } from 'viem/actions';
import { collection1155Abi } from '../abis.ts';
import type { ReadClient } from '../clients.ts';
import type { ContractCallError } from '../errors/contract.ts';
import { contractError } from './contract-errors.ts';

export type GetBalance1155Parameters = { contract: Address; owner: Address; tokenId: bigint };
export type GetBalance1155ReturnType = bigint;
export type GetBalance1155ErrorType = ContractCallError;

/**
 * How many of an ERC-1155 token (a template) an address holds.
 *
 * @example
 * const held = await getBalance1155(client, { contract, owner, tokenId: 1n });
 */
export async function getBalance1155(client: ReadClient, parameters: GetBalance1155Parameters): Promise<GetBalance1155ReturnType> {
  try {
    return await readContract(client, {
      address: parameters.contract,
      abi: collection1155Abi,
      functionName: 'balanceOf',
      args: [parameters.owner, parameters.tokenId],
    });
  } catch (error) {
    throw contractError('balanceOf', error);
  }
}
