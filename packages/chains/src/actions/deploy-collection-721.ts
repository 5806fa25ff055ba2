import type { ArtifactMissingError } from '@keepsake/contracts/artifacts';
import type { Address, Hash } from 'viem';
import type { SignerClient } from '../clients.ts';
import type { ContractCallError } from '../errors/contract.ts';
import { deployArtifact } from './deploy-artifact.ts';

export type DeployCollection721Parameters = {
  name: string;
  symbol: string;
  /** `tokenURI(id)` is `baseUri + id`; Keepsake serves it. */
  baseUri: string;
  /** The most tokens that can ever exist; 0 or undefined for no limit. */
  supplyLimit?: bigint;
  /** The collection's owner (default admin, `owner()`); defaults to the signer. */
  owner?: Address;
  /** Who may mint; defaults to the signer. `zeroAddress` grants nobody. */
  minter?: Address;
  nonce?: number;
};
/** The deployment transaction's hash; `getDeployedContract` waits for it and returns the address. */
export type DeployCollection721ReturnType = Hash;
export type DeployCollection721ErrorType = ArtifactMissingError | ContractCallError;

/**
 * Deploys a Keepsake ERC-721 collection (owner and minter roles, batch mint, baseURI token URIs, optional supply limit).
 *
 * @example
 * const hash = await deployCollection721(signer, { name: 'Tickets', symbol: 'TIX', baseUri: 'https://keepsake.example/api/metadata/c1/' });
 * const { address } = await getDeployedContract(signer, { hash });
 */
export async function deployCollection721(client: SignerClient, parameters: DeployCollection721Parameters): Promise<DeployCollection721ReturnType> {
  return deployArtifact(client, 'KeepsakeCollection721', collection721ConstructorArgs(parameters, client.account.address), parameters.nonce);
}

/** The constructor arguments of `KeepsakeCollection721`, with the owner and minter defaulting to `signer`. */
export function collection721ConstructorArgs(parameters: Omit<DeployCollection721Parameters, 'nonce'>, signer: Address): readonly unknown[] {
  return [parameters.name, parameters.symbol, parameters.baseUri, parameters.supplyLimit ?? 0n, parameters.owner ?? signer, parameters.minter ?? signer];
}
