import { erc20Abi, type Address } from 'viem';
import { getBalance, readContract } from 'viem/actions';
import type { ReadClient } from '../clients.ts';
import type { ContractCallError } from '../errors/contract.ts';
import { contractError } from './contract-errors.ts';

export type GetTokenBalanceParameters = {
  owner: Address;
  /** An ERC-20 token; omitted for the chain's native currency. */
  token?: Address;
};
/** Base units (wei for the native currency; 10^-6 of a dollar for the 6-decimals test stablecoin). */
export type GetTokenBalanceReturnType = bigint;
export type GetTokenBalanceErrorType = ContractCallError;

/**
 * The balance of the native currency or of an ERC-20 token, in base units.
 *
 * @example
 * const wei = await getTokenBalance(client, { owner });
 * const usd = await getTokenBalance(client, { owner, token: stablecoin }); // 1_500_000n is 1.50
 */
export async function getTokenBalance(client: ReadClient, parameters: GetTokenBalanceParameters): Promise<GetTokenBalanceReturnType> {
  try {
    if (!parameters.token) return await getBalance(client, { address: parameters.owner });
    return await readContract(client, { address: parameters.token, abi: erc20Abi, functionName: 'balanceOf', args: [parameters.owner] });
  } catch (error) {
    throw contractError('balanceOf', error);
  }
}
