import { encodeFunctionData, toFunctionSelector, type Address, type Hex } from 'viem';
import { collection1155Abi } from '../abis.ts';
import type { SignerClient } from '../clients.ts';
import { InvalidBatchError, type ContractCallError, type MissingRoleError, type SupplyLimitExceededError } from '../errors/contract.ts';
import { signTransaction, type SignedTransaction } from './sign-transaction.ts';

export type SignMintBatchParameters = {
  contract: Address;
  nonce: number;
  /** Gas limit; estimated when not given (an estimate that reverts throws the contract's error). */
  gas?: bigint;
} & (
  | { contractType: 'erc-721'; /** One token to each, in order; token ids are consecutive. */ recipients: readonly Address[] }
  | { contractType: 'erc-1155'; mints: ReadonlyArray<{ to: Address; tokenId: bigint; amount: bigint }> }
);
export type SignMintBatchReturnType = SignedTransaction;

const mintBatch721Selector = toFunctionSelector('mintBatch(address[])');
const word = (value: number | string) => value.toString(16).padStart(64, '0');

/**
 * The call data of ERC-721 `mintBatch(address[] recipients)`: the selector, the array's offset and length, and
 * each address in a word. Written out rather than through viem's ABI encoder, which checksums every address
 * (a keccak each, ~600 in a full batch) only to check it.
 */
export function encodeMintBatch721(recipients: readonly Address[]): Hex {
  if (recipients.length === 0) throw new InvalidBatchError('no recipients');
  let data = `${mintBatch721Selector}${word(32)}${word(recipients.length)}`;
  for (const recipient of recipients) {
    if (!/^0x[0-9a-fA-F]{40}$/.test(recipient)) throw new InvalidBatchError(`${recipient} is not an address`);
    data += word(recipient.slice(2).toLowerCase());
  }
  return data as Hex;
}
export type SignMintBatchErrorType = InvalidBatchError | SupplyLimitExceededError | MissingRoleError | ContractCallError;

/**
 * Signs, without sending, one batch mint: ERC-721 `mintBatch(recipients)` or ERC-1155
 * `mintBatch(recipients, ids, amounts)`. The receipt's mint logs come in the batch's order.
 *
 * @example
 * const signed = await signMintBatch(signer, { contractType: 'erc-721', contract, recipients: [alice, bob], nonce });
 */
export async function signMintBatch(client: SignerClient, parameters: SignMintBatchParameters): Promise<SignMintBatchReturnType> {
  const data =
    parameters.contractType === 'erc-721'
      ? encodeMintBatch721(parameters.recipients)
      : (() => {
          if (parameters.mints.length === 0) throw new InvalidBatchError('no mints');
          const { mints } = parameters;
          return encodeFunctionData({
            abi: collection1155Abi,
            functionName: 'mintBatch',
            args: [mints.map((m) => m.to), mints.map((m) => m.tokenId), mints.map((m) => m.amount)],
          });
        })();
  return signTransaction(client, { to: parameters.contract, data, nonce: parameters.nonce, ...(parameters.gas !== undefined ? { gas: parameters.gas } : {}) });
}
