import { numberToHex, type Address } from 'viem';
import { getBalance, getChainId } from 'viem/actions';
import type { ReadClient } from '../clients.ts';
import { devnetChainId } from '../definitions/devnet.ts';
import { DevnetOnlyError } from '../errors/chain.ts';

export type FundAccountParameters = {
  address: Address;
  /** The balance to have, in wei. A richer account is left as it is. */
  balance: bigint;
};
/** The account's balance afterwards. */
export type FundAccountReturnType = bigint;
export type FundAccountErrorType = DevnetOnlyError;

/**
 * Gives an account at least `balance` wei on the local devnet (anvil's `anvil_setBalance`). Refuses any
 * other chain: real networks are funded by their operators.
 *
 * @example
 * await fundAccount(client, { address: signer.address, balance: parseEther('1000') });
 */
export async function fundAccount(client: ReadClient, parameters: FundAccountParameters): Promise<FundAccountReturnType> {
  const chainId = await getChainId(client);
  if (chainId !== devnetChainId) throw new DevnetOnlyError('fundAccount', chainId);
  const current = await getBalance(client, { address: parameters.address });
  if (current >= parameters.balance) return current;
  await client.request({ method: 'anvil_setBalance', params: [parameters.address, numberToHex(parameters.balance)] } as never);
  return parameters.balance;
}
