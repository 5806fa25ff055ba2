import type { Address, Hash } from 'viem';
import { waitForTransactionReceipt } from 'viem/actions';
import type { ReadClient } from '../clients.ts';
import { ContractDeployFailedError } from '../errors/contract.ts';

export type GetDeployedContractParameters = { hash: Hash; /** Default 60 s. */ timeoutMs?: number };
export type GetDeployedContractReturnType = { address: Address; blockNumber: bigint; gasUsed: bigint };
export type GetDeployedContractErrorType = ContractDeployFailedError;

/**
 * Waits for a deployment transaction and returns the new contract's address.
 *
 * @example
 * const { address } = await getDeployedContract(client, { hash: await deployTestUsd(signer) });
 */
export async function getDeployedContract(client: ReadClient, parameters: GetDeployedContractParameters): Promise<GetDeployedContractReturnType> {
  let receipt;
  try {
    receipt = await waitForTransactionReceipt(client, { hash: parameters.hash, timeout: parameters.timeoutMs ?? 60_000 });
  } catch (error) {
    throw new ContractDeployFailedError(parameters.hash, error);
  }
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new ContractDeployFailedError(parameters.hash);
  return { address: receipt.contractAddress, blockNumber: receipt.blockNumber, gasUsed: receipt.gasUsed };
}
