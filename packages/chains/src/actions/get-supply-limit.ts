import type { Address } from 'viem';
import { readContract } from 'viem/actions';
import { collection1155Abi, collection721Abi } from '../abis.ts';
import type { ReadClient } from '../clients.ts';
import type { ContractCallError } from '../errors/contract.ts';
import { contractError } from './contract-errors.ts';

export type GetSupplyLimitParameters = { contract: Address } & ({ contractType: 'erc-721' } | { contractType: 'erc-1155'; tokenId: bigint });
/** The limit and what counts against it: tokens minted (ERC-721) or copies of the id (ERC-1155). 0n means no limit. */
export type GetSupplyLimitReturnType = { limit: bigint; minted: bigint };
export type GetSupplyLimitErrorType = ContractCallError;

/**
 * Reads a collection's supply limit (ERC-721) or a token id's (ERC-1155), with the supply minted so far.
 *
 * @example
 * const { limit, minted } = await getSupplyLimit(client, { contractType: 'erc-721', contract });
 */
export async function getSupplyLimit(client: ReadClient, parameters: GetSupplyLimitParameters): Promise<GetSupplyLimitReturnType> {
  try {
    if (parameters.contractType === 'erc-721') {
      const read = { address: parameters.contract, abi: collection721Abi } as const;
      const [limit, minted] = await Promise.all([
        readContract(client, { ...read, functionName: 'supplyLimit' }),
        readContract(client, { ...read, functionName: 'totalMinted' }),
      ]);
      return { limit, minted };
    }
    const read = { address: parameters.contract, abi: collection1155Abi } as const;
    const [limit, minted] = await Promise.all([
      readContract(client, { ...read, functionName: 'supplyLimit', args: [parameters.tokenId] }),
      readContract(client, { ...read, functionName: 'totalSupply', args: [parameters.tokenId] }),
    ]);
    return { limit, minted };
  } catch (error) {
    throw contractError('supplyLimit', error);
  }
}
