import type { Address, Hash } from 'viem';
import { writeContract } from 'viem/actions';
import { testUsdAbi } from '../abis.ts';
import type { SignerClient } from '../clients.ts';
import type { ContractCallError, MissingRoleError } from '../errors/contract.ts';
import { contractError } from './contract-errors.ts';

export type MintTestUsdParameters = {
  token: Address;
  to: Address;
  /** Base units: 6 decimals, so 1_000_000n is one dollar. */
  amount: bigint;
  nonce?: number;
};
export type MintTestUsdReturnType = Hash;
export type MintTestUsdErrorType = MissingRoleError | ContractCallError;

/**
 * Mints test stablecoin (the signer must own the token contract).
 *
 * @example
 * await mintTestUsd(signer, { token, to: buyer, amount: 25_000_000n }); // 25.00
 */
export async function mintTestUsd(client: SignerClient, parameters: MintTestUsdParameters): Promise<MintTestUsdReturnType> {
  try {
    return await writeContract(client, {
      address: parameters.token,
      abi: testUsdAbi,
      functionName: 'mint',
      args: [parameters.to, parameters.amount],
      account: client.account,
      chain: client.chain,
      nonce: parameters.nonce,
    });
  } catch (error) {
    throw contractError('mint', error);
  }
}
