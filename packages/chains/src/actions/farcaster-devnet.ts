// Farcaster's registries on the local devnet (docs/decisions/108): Sign In With Farcaster reads the IdRegistry and
// KeyRegistry at their Optimism addresses. These actions put stand-ins there (anvil_setCode) and register fids, on
// the devnet only: a real chain has the real registries.
import { loadArtifact, type ArtifactMissingError } from '@keepsake/contracts/artifacts';
import { encodeFunctionData, parseEther, type Abi, type Address, type Hash, type Hex } from 'viem';
import { call, getChainId, getCode, readContract, waitForTransactionReceipt } from 'viem/actions';
import type { ReadClient } from '../clients.ts';
import { devnetChainId } from '../definitions/devnet.ts';
import { DevnetOnlyError } from '../errors/chain.ts';
import { fundAccount } from './fund-account.ts';

/** Farcaster's IdRegistry on Optimism: `idOf(custody)`. */
export const FARCASTER_ID_REGISTRY: Address = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b';
/** Farcaster's KeyRegistry on Optimism: `keyDataOf(fid, key)` (auth addresses). */
export const FARCASTER_KEY_REGISTRY: Address = '0x00000000Fc1237824fb747aBDE0FF18990E59b7e';

const stands = [
  { address: FARCASTER_ID_REGISTRY, contract: 'KeepsakeDevFarcasterIdRegistry' },
  { address: FARCASTER_KEY_REGISTRY, contract: 'KeepsakeDevFarcasterKeyRegistry' },
] as const;

async function assertDevnet(client: ReadClient, operation: string): Promise<void> {
  const chainId = await getChainId(client);
  if (chainId !== devnetChainId) throw new DevnetOnlyError(operation, chainId);
}

/** The runtime code a creation bytecode deploys: an eth_call of the creation returns it, no transaction needed. */
async function runtimeCode(client: ReadClient, bytecode: Hex): Promise<Hex> {
  const { data } = await call(client, { data: bytecode });
  if (!data || data === '0x') throw new Error('the creation code returned no runtime code');
  return data;
}

export type InstallFarcasterRegistriesReturnType = { installed: Address[] };
export type InstallFarcasterRegistriesErrorType = DevnetOnlyError | ArtifactMissingError;

/**
 * Puts the stand-in IdRegistry and KeyRegistry at Farcaster's addresses on the devnet, unless their code is there
 * already (the registrations of a persisted devnet are kept). Refuses any other chain.
 *
 * @example
 * await installFarcasterRegistries(devnetClient);
 */
export async function installFarcasterRegistries(client: ReadClient): Promise<InstallFarcasterRegistriesReturnType> {
  await assertDevnet(client, 'installFarcasterRegistries');
  const installed: Address[] = [];
  for (const stand of stands) {
    const code = await runtimeCode(client, loadArtifact(stand.contract).bytecode);
    if ((await getCode(client, { address: stand.address }))?.toLowerCase() === code.toLowerCase()) continue;
    await client.request({ method: 'anvil_setCode', params: [stand.address, code] } as never);
    installed.push(stand.address);
  }
  return { installed };
}

export type RegisterFarcasterFidParameters = { custody: Address; fid: bigint };
export type RegisterFarcasterFidReturnType = Hash;
export type RegisterFarcasterFidErrorType = DevnetOnlyError;

/**
 * Makes `custody` the custody address of `fid` in the devnet's stand-in IdRegistry (the fid moves from its previous
 * custody address, if any). The transaction is sent as `custody` through anvil's impersonation, so no key is needed.
 * Refuses any other chain.
 *
 * @example
 * await registerFarcasterFid(devnetClient, { custody: account.address, fid: 1234n });
 */
export async function registerFarcasterFid(client: ReadClient, parameters: RegisterFarcasterFidParameters): Promise<RegisterFarcasterFidReturnType> {
  await assertDevnet(client, 'registerFarcasterFid');
  const { abi } = loadArtifact('KeepsakeDevFarcasterIdRegistry');
  await fundAccount(client, { address: parameters.custody, balance: parseEther('1') });
  await client.request({ method: 'anvil_impersonateAccount', params: [parameters.custody] } as never);
  try {
    const data = encodeFunctionData({ abi: abi as Abi, functionName: 'register', args: [parameters.fid] });
    const hash = await client.request<{ Method: 'eth_sendTransaction'; Parameters: [{ from: Address; to: Address; data: Hex }]; ReturnType: Hash }>({
      method: 'eth_sendTransaction',
      params: [{ from: parameters.custody, to: FARCASTER_ID_REGISTRY, data }],
    });
    const receipt = await waitForTransactionReceipt(client, { hash });
    if (receipt.status !== 'success') throw new Error(`registering fid ${parameters.fid} for ${parameters.custody} reverted (it holds an fid already?)`);
    return hash;
  } finally {
    await client.request({ method: 'anvil_stopImpersonatingAccount', params: [parameters.custody] } as never);
  }
}

/** The fid `custody` holds in the IdRegistry the client's chain has (0n: none). */
export async function farcasterFidOf(client: ReadClient, custody: Address): Promise<bigint> {
  const { abi } = loadArtifact('KeepsakeDevFarcasterIdRegistry');
  return (await readContract(client, { address: FARCASTER_ID_REGISTRY, abi: abi as Abi, functionName: 'idOf', args: [custody] })) as bigint;
}
