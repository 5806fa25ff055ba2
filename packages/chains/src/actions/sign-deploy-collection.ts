import { loadArtifact, type ArtifactMissingError } from '@keepsake/contracts/artifacts';
import { encodeDeployData, getContractAddress, type Abi, type Address } from 'viem';
import type { SignerClient } from '../clients.ts';
import type { ContractCallError } from '../errors/contract.ts';
import { collection1155ConstructorArgs, type DeployCollection1155Parameters } from './deploy-collection-1155.ts';
import { collection721ConstructorArgs, type DeployCollection721Parameters } from './deploy-collection-721.ts';
import { signTransaction, type SignedTransaction } from './sign-transaction.ts';

export type SignDeployCollectionParameters = { nonce: number } & (
  ({ contractType: 'erc-721' } & Omit<DeployCollection721Parameters, 'nonce'>) | ({ contractType: 'erc-1155' } & Omit<DeployCollection1155Parameters, 'nonce'>)
);
/** The signed deployment, and the address the contract will have once it is mined (from signer and nonce). */
export type SignDeployCollectionReturnType = SignedTransaction & { contractAddress: Address };
export type SignDeployCollectionErrorType = ArtifactMissingError | ContractCallError;

/**
 * Signs, without sending, the deployment of a Keepsake ERC-721 or ERC-1155 collection at a given nonce.
 *
 * @example
 * const signed = await signDeployCollection(signer, { contractType: 'erc-721', name: 'Tickets', symbol: 'TIX', baseUri, nonce });
 * // record `signed`, then sendSignedTransaction(signer, signed); the contract will be at signed.contractAddress
 */
export async function signDeployCollection(client: SignerClient, parameters: SignDeployCollectionParameters): Promise<SignDeployCollectionReturnType> {
  const signer = client.account.address;
  const [name, args] =
    parameters.contractType === 'erc-721'
      ? (['KeepsakeCollection721', collection721ConstructorArgs(parameters, signer)] as const)
      : (['KeepsakeCollection1155', collection1155ConstructorArgs(parameters, signer)] as const);
  const { abi, bytecode } = loadArtifact(name);
  const data = encodeDeployData({ abi: abi as Abi, bytecode, args });
  const signed = await signTransaction(client, { data, nonce: parameters.nonce });
  return { ...signed, contractAddress: getContractAddress({ from: signer, nonce: BigInt(parameters.nonce) }) };
}
