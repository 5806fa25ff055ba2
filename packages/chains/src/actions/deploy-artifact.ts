import { loadArtifact, type ContractName } from '@keepsake/contracts/artifacts';
import type { Abi, Hash } from 'viem';
import { deployContract } from 'viem/actions';
import type { SignerClient } from '../clients.ts';
import { contractError } from './contract-errors.ts';

/** Sends the deployment of a compiled Keepsake contract; the deploy actions are typed fronts of this. */
export async function deployArtifact(client: SignerClient, name: ContractName, args: readonly unknown[], nonce: number | undefined): Promise<Hash> {
  const { abi, bytecode } = loadArtifact(name);
  try {
    return await deployContract(client, { abi: abi as Abi, bytecode, args, account: client.account, chain: client.chain, nonce });
  } catch (error) {
    throw contractError(`deploy ${name}`, error);
  }
}
