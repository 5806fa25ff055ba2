import { isAddressEqual, parseEventLogs, zeroAddress, type Address, type Hash, type TransactionReceipt } from 'viem';
import { waitForTransactionReceipt } from 'viem/actions';
import { collection1155Abi, collection721Abi } from '../abis.ts';
import type { ReadClient } from '../clients.ts';
import { TransactionRevertedError } from '../errors/contract.ts';

export type GetMintedTokensParameters = {
  /** The collection whose mints to read (logs of other contracts are ignored). */
  contract: Address;
} & ({ hash: Hash; /** Default 60 s. */ timeoutMs?: number } | { receipt: TransactionReceipt });

export type MintedToken = { to: Address; tokenId: bigint; amount: bigint; logIndex: number };
export type GetMintedTokensReturnType = { tokens: MintedToken[]; blockNumber: bigint; gasUsed: bigint; transactionHash: Hash };
export type GetMintedTokensErrorType = TransactionRevertedError;

const transferEvents = [...collection721Abi.filter((x) => x.type === 'event'), ...collection1155Abi.filter((x) => x.type === 'event')];

/**
 * The tokens a mint transaction created, read from its receipt's `Transfer` (ERC-721) and `TransferSingle`
 * (ERC-1155) logs from the zero address, in log order. Waits for the receipt when given a hash.
 *
 * @example
 * const { tokens } = await getMintedTokens(client, { contract, hash }); // [{ to, tokenId: 1n, amount: 1n, logIndex: 0 }]
 */
export async function getMintedTokens(client: ReadClient, parameters: GetMintedTokensParameters): Promise<GetMintedTokensReturnType> {
  const receipt =
    'receipt' in parameters ? parameters.receipt : await waitForTransactionReceipt(client, { hash: parameters.hash, timeout: parameters.timeoutMs ?? 60_000 });
  if (receipt.status !== 'success') throw new TransactionRevertedError(receipt.transactionHash);
  const logs = receipt.logs.filter((log) => isAddressEqual(log.address, parameters.contract));
  const tokens: MintedToken[] = [];
  for (const event of parseEventLogs({ abi: transferEvents, logs })) {
    if (event.eventName === 'Transfer' && isAddressEqual(event.args.from, zeroAddress)) {
      tokens.push({ to: event.args.to, tokenId: event.args.tokenId, amount: 1n, logIndex: event.logIndex });
    } else if (event.eventName === 'TransferSingle' && isAddressEqual(event.args.from, zeroAddress)) {
      tokens.push({ to: event.args.to, tokenId: event.args.id, amount: event.args.value, logIndex: event.logIndex });
    }
  }
  return { tokens, blockNumber: receipt.blockNumber, gasUsed: receipt.gasUsed, transactionHash: receipt.transactionHash };
}
