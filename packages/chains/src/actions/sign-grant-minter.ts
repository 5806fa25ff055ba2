import { encodeFunctionData, type Address } from 'viem';
import { collection721Abi } from '../abis.ts';
import type { SignerClient } from '../clients.ts';
import type { ContractCallError, MissingRoleError } from '../errors/contract.ts';
import { minterRole } from './grant-minter.ts';
import { signTransaction, type SignedTransaction } from './sign-transaction.ts';

export type SignGrantMinterParameters = { contract: Address; minter: Address; nonce: number };
export type SignGrantMinterReturnType = SignedTransaction;
export type SignGrantMinterErrorType = MissingRoleError | ContractCallError;

/**
 * Signs, without sending, a grant of the minter role in a Keepsake collection (the signer must be its owner).
 *
 * @example
 * const signed = await signGrantMinter(owner, { contract, minter: otherSigner, nonce });
 */
export async function signGrantMinter(client: SignerClient, parameters: SignGrantMinterParameters): Promise<SignGrantMinterReturnType> {
  const data = encodeFunctionData({ abi: collection721Abi, functionName: 'grantRole', args: [minterRole, parameters.minter] });
  return signTransaction(client, { to: parameters.contract, data, nonce: parameters.nonce });
}
