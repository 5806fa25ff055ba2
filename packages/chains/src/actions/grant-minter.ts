import type { Address, Hash } from 'viem';
import { writeContract } from 'viem/actions';
import { collection721Abi } from '../abis.ts';
import type { SignerClient } from '../clients.ts';
import type { ContractCallError, MissingRoleError } from '../errors/contract.ts';
import { contractError } from './contract-errors.ts';

/** keccak256("MINTER_ROLE"), the same in both collection contracts. */
export const minterRole = '0x9f2df0fed2c77648de5860a4cc508cd0818c85b8b8a1ab4ceeef8d981c8956a6';

export type GrantMinterParameters = { contract: Address; minter: Address; nonce?: number };
export type GrantMinterReturnType = Hash;
export type GrantMinterErrorType = MissingRoleError | ContractCallError;

/**
 * Lets `minter` mint in an ERC-721 or ERC-1155 Keepsake collection (the signer must be its owner).
 *
 * @example
 * await grantMinter(owner, { contract, minter: platformSigner.address });
 */
export async function grantMinter(client: SignerClient, parameters: GrantMinterParameters): Promise<GrantMinterReturnType> {
  try {
    return await writeContract(client, {
      address: parameters.contract,
      abi: collection721Abi,
      functionName: 'grantRole',
      args: [minterRole, parameters.minter],
      account: client.account,
      chain: client.chain,
      nonce: parameters.nonce,
    });
  } catch (error) {
    throw contractError('grantRole', error);
  }
}
