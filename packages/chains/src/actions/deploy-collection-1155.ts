import type { ArtifactMissingError } from '@keepsake/contracts/artifacts';
import type { Address, Hash } from 'viem';
import type { SignerClient } from '../clients.ts';
import type { ContractCallError } from '../errors/contract.ts';
import { deployArtifact } from './deploy-artifact.ts';

export type DeployCollection1155Parameters = {
  /** `uri(id)` is `baseUri + id`; Keepsake serves it. */
  baseUri: string;
  /** The collection's owner (default admin, `owner()`); defaults to the signer. */
  owner?: Address;
  /** Who may mint; defaults to the signer. */
  minter?: Address;
  nonce?: number;
};
export type DeployCollection1155ReturnType = Hash;
export type DeployCollection1155ErrorType = ArtifactMissingError | ContractCallError;

/**
 * Deploys a Keepsake ERC-1155 collection for semi-fungible collections and templates (one token id per template).
 *
 * @example
 * const hash = await deployCollection1155(signer, { baseUri: 'https://keepsake.example/api/metadata/c2/' });
 * const { address } = await getDeployedContract(signer, { hash });
 */
export async function deployCollection1155(client: SignerClient, parameters: DeployCollection1155Parameters): Promise<DeployCollection1155ReturnType> {
  return deployArtifact(client, 'KeepsakeCollection1155', collection1155ConstructorArgs(parameters, client.account.address), parameters.nonce);
}

/** The constructor arguments of `KeepsakeCollection1155`, with the owner and minter defaulting to `signer`. */
export function collection1155ConstructorArgs(parameters: Omit<DeployCollection1155Parameters, 'nonce'>, signer: Address): readonly unknown[] {
  return [parameters.baseUri, parameters.owner ?? signer, parameters.minter ?? signer];
}
