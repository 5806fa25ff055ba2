import type { ArtifactMissingError } from '@keepsake/contracts/artifacts';
import type { Address, Hash } from 'viem';
import type { SignerClient } from '../clients.ts';
import type { ContractCallError } from '../errors/contract.ts';
import { deployArtifact } from './deploy-artifact.ts';

export type DeployPaymentsParameters = {
  /** Who may release and refund; defaults to the signer. */
  operator?: Address;
  nonce?: number;
};
export type DeployPaymentsReturnType = Hash;
export type DeployPaymentsErrorType = ArtifactMissingError | ContractCallError;

/**
 * Deploys KeepsakePayments, the checkout payment contract (payments name their order; escrow until release or refund).
 *
 * @example
 * const hash = await deployPayments(signer, {});
 * const { address } = await getDeployedContract(signer, { hash });
 */
export async function deployPayments(client: SignerClient, parameters: DeployPaymentsParameters = {}): Promise<DeployPaymentsReturnType> {
  return deployArtifact(client, 'KeepsakePayments', [parameters.operator ?? client.account.address], parameters.nonce);
}
