import { isAddressEqual, parseEventLogs, toEventSelector, zeroAddress, type Address, type Hash, type TransactionReceipt } from 'viem';
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

const transferTopic = toEventSelector('Transfer(address,address,uint256)');
const transferSingleTopic = toEventSelector('TransferSingle(address,address,address,uint256,uint256)');
const zeroTopic = `0x${'0'.repeat(64)}`;

/**
 * The token ids and amounts a mint transaction created, in log order: what `getMintedTokens` reads, less the
 * recipients. It reads the logs' topics and data directly, with no ABI decoding and no address checksums, which
 * for a batch of ~600 mints is most of the cost.
 *
 * @example
 * mintedTokenIds(receipt, contract); // [{ tokenId: 1n, amount: 1n }, { tokenId: 2n, amount: 1n }]
 */
export function mintedTokenIds(
  receipt: Pick<TransactionReceipt, 'logs' | 'status' | 'transactionHash'>,
  contract: Address,
): Array<{ tokenId: bigint; amount: bigint }> {
  if (receipt.status !== 'success') throw new TransactionRevertedError(receipt.transactionHash);
  const minted: Array<{ tokenId: bigint; amount: bigint }> = [];
  const address = contract.toLowerCase();
  for (const log of receipt.logs) {
    if (log.address.toLowerCase() !== address) continue;
    const [topic, a, b, c] = log.topics;
    // ERC-721 Transfer(from, to, tokenId), all indexed; an ERC-20 Transfer has three topics and is not a mint here.
    if (topic === transferTopic && log.topics.length === 4 && a === zeroTopic) minted.push({ tokenId: BigInt(c!), amount: 1n });
    // ERC-1155 TransferSingle(operator, from, to; id, value in the data).
    else if (topic === transferSingleTopic && b === zeroTopic && log.data.length >= 130)
      minted.push({ tokenId: BigInt(`0x${log.data.slice(2, 66)}`), amount: BigInt(`0x${log.data.slice(66, 130)}`) });
  }
  return minted;
}
