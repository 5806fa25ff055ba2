import { BaseError as ViemBaseError, ContractFunctionRevertedError, decodeErrorResult, type Hex } from 'viem';
import { collection1155Abi, collection721Abi, testUsdAbi } from '../abis.ts';
import type { ChainsError } from '../errors/base.ts';
import { ContractCallError, InvalidBatchError, MissingRoleError, SupplyLimitExceededError, TokenNotFoundError } from '../errors/contract.ts';

const knownErrors = [...collection721Abi, ...collection1155Abi, ...testUsdAbi].filter((item) => item.type === 'error');

/** Revert data an RPC error carries (a gas estimate or raw call has no ABI to decode it with). */
function rawRevertName(error: ViemBaseError): string | undefined {
  const hasData = (e: unknown): e is { data: Hex } =>
    typeof (e as { data?: unknown }).data === 'string' && /^0x[0-9a-fA-F]{8}/.test((e as { data: string }).data);
  const withData: unknown = error.walk(hasData);
  if (!hasData(withData)) return undefined;
  try {
    return decodeErrorResult({ abi: knownErrors, data: withData.data }).errorName;
  } catch {
    return undefined;
  }
}

/** The custom error a contract reverted with, if viem (or the Keepsake contracts' ABIs) can decode one. */
export function revertName(error: unknown): string | undefined {
  if (!(error instanceof ViemBaseError)) return undefined;
  const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
  return reverted instanceof ContractFunctionRevertedError ? reverted.data?.errorName : rawRevertName(error);
}

/** Maps a failed call to the named error for its revert reason (ContractCallError when there is none). */
export function contractError(functionName: string, error: unknown, context: { contract?: string; tokenId?: bigint } = {}): ChainsError {
  switch (revertName(error)) {
    case 'SupplyLimitExceeded':
      return new SupplyLimitExceededError(error);
    case 'AccessControlUnauthorizedAccount':
    case 'OwnableUnauthorizedAccount':
      return new MissingRoleError(error);
    case 'EmptyBatch':
    case 'BatchLengthMismatch':
      return new InvalidBatchError('no entries, or lists of different lengths');
    case 'ERC721NonexistentToken':
      return new TokenNotFoundError(context.contract ?? 'the contract', context.tokenId ?? 0n);
    default:
      return new ContractCallError(functionName, error);
  }
}
