import { encodeFunctionData, type Address } from 'viem';
import { collection1155Abi, collection721Abi } from '../abis.ts';
import type { SignerClient } from '../clients.ts';
import type { ContractCallError, MissingRoleError } from '../errors/contract.ts';
import { signTransaction, type SignedTransaction } from './sign-transaction.ts';

export type SignSetSupplyLimitParameters = {
  contract: Address;
  /** 0 removes the limit. */
  limit: bigint;
  nonce: number;
} & ({ contractType: 'erc-721' } | { contractType: 'erc-1155'; tokenId: bigint });
export type SignSetSupplyLimitReturnType = SignedTransaction;
export type SignSetSupplyLimitErrorType = MissingRoleError | ContractCallError;

/**
 * Signs, without sending, a new supply limit: of the whole ERC-721 collection, or of one ERC-1155 token id
 * (a template). The signer must own the contract; the limit cannot go below what was minted.
 *
 * @example
 * const signed = await signSetSupplyLimit(owner, { contractType: 'erc-1155', contract, tokenId: 1n, limit: 100n, nonce });
 */
export async function signSetSupplyLimit(client: SignerClient, parameters: SignSetSupplyLimitParameters): Promise<SignSetSupplyLimitReturnType> {
  const data =
    parameters.contractType === 'erc-721'
      ? encodeFunctionData({ abi: collection721Abi, functionName: 'setSupplyLimit', args: [parameters.limit] })
      : encodeFunctionData({ abi: collection1155Abi, functionName: 'setSupplyLimit', args: [parameters.tokenId, parameters.limit] });
  return signTransaction(client, { to: parameters.contract, data, nonce: parameters.nonce });
}
