import type { ArtifactMissingError } from '@keepsake/contracts/artifacts';
import type { Address, Hash } from 'viem';
import type { SignerClient } from '../clients.ts';
import type { ContractCallError } from '../errors/contract.ts';
import { deployArtifact } from './deploy-artifact.ts';

export type DeployTestUsdParameters = {
  /** Default "Keepsake Test USD". */
  name?: string;
  /** Default "USDXM" (the test stablecoin of spec §3). */
  symbol?: string;
  /** Who may mint; defaults to the signer. */
  owner?: Address;
  nonce?: number;
};
export type DeployTestUsdReturnType = Hash;
export type DeployTestUsdErrorType = ArtifactMissingError | ContractCallError;

/**
 * Deploys the 6-decimals ERC-20 test stablecoin (no value; for payment work on the devnet and testnets).
 *
 * @example
 * const hash = await deployTestUsd(signer, {});
 * const { address } = await getDeployedContract(signer, { hash });
 */
export async function deployTestUsd(client: SignerClient, parameters: DeployTestUsdParameters = {}): Promise<DeployTestUsdReturnType> {
  return deployArtifact(
    client,
    'KeepsakeTestUsd',
    [parameters.name ?? 'Keepsake Test USD', parameters.symbol ?? 'USDXM', parameters.owner ?? client.account.address],
    parameters.nonce,
  );
}
