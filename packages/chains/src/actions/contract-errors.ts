import { BaseError as ViemBaseError, ContractFunctionRevertedError, decodeErrorResult, ExecutionRevertedError, type Hex } from 'viem';
import { collection1155Abi, collection721Abi, testUsdAbi } from '../abis.ts';
import type { ChainsError } from '../errors/base.ts';
import {
  ContractCallError,
  ContractRevertedError,
  InvalidBatchError,
  MissingRoleError,
  SupplyLimitExceededError,
  TokenNotFoundError,
} from '../errors/contract.ts';

const knownErrors = [...collection721Abi, ...collection1155Abi, ...testUsdAbi].filter((item) => item.type === 'error');

/** Revert data an RPC error carries (a gas estimate or raw call has no ABI to decode it with). */
function rawRevertData(error: ViemBaseError): Hex | undefined {
  const hasData = (e: unknown): e is { data: Hex } =>
    typeof (e as { data?: unknown }).data === 'string' && /^0x[0-9a-fA-F]{8}/.test((e as { data: string }).data);
  const withData: unknown = error.walk(hasData);
  return hasData(withData) ? withData.data : undefined;
}

/** The revert data decoded with the Keepsake contracts' errors (and Solidity's `Error(string)` and `Panic(uint256)`). */
function decodeRevert(data: Hex) {
  try {
    return decodeErrorResult({ abi: knownErrors, data });
  } catch {
    return undefined;
  }
}

function rawRevertName(error: ViemBaseError): string | undefined {
  const data = rawRevertData(error);
  return data ? decodeRevert(data)?.errorName : undefined;
}

/** Solidity's panic codes (the compiler's checks), as people read them. */
const panics: Record<number, string> = {
  0x01: 'assertion failed',
  0x11: 'arithmetic overflow or underflow',
  0x12: 'division by zero',
  0x21: 'invalid enum value',
  0x31: 'pop from an empty array',
  0x32: 'array index out of bounds',
  0x41: 'out of memory',
};

/** `Name(arg, …)`, a panic or a revert string, from a decoded error. */
function describeRevert(errorName: string, args: readonly unknown[] | undefined): string {
  if (errorName === 'Panic') return `Panic: ${panics[Number(args?.[0])] ?? `code ${String(args?.[0])}`}`;
  if (errorName === 'Error') return typeof args?.[0] === 'string' ? args[0] : 'execution reverted';
  return `${errorName}(${(args ?? []).map(String).join(', ')})`;
}

/** The viem error inside `error`, through the causes of the chains package's own errors. */
function viemErrorIn(error: unknown): ViemBaseError | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 8; e = e.cause, depth++) {
    if (e instanceof ViemBaseError) return e;
  }
  return undefined;
}

/**
 * Why a call, a gas estimate or a transaction reverted, for people (`OwnableUnauthorizedAccount(0x…)`, `Panic:
 * arithmetic overflow or underflow`, a revert string), or undefined when `error` is not a revert: the node did not
 * answer, or refused for another reason (fees, nonce). A revert is the chain's answer, not its absence.
 *
 * @example
 * revertReason(await client.call({ to: token, data }).catch((e) => e)); // 'ERC20InvalidReceiver(0x0000…)'
 */
export function revertReason(error: unknown): string | undefined {
  const viemError = viemErrorIn(error);
  if (!viemError) return undefined;
  const reverted = viemError.walk((e) => e instanceof ContractFunctionRevertedError);
  if (reverted instanceof ContractFunctionRevertedError) {
    if (reverted.data) return describeRevert(reverted.data.errorName, reverted.data.args);
    return reverted.reason ?? 'execution reverted';
  }
  const data = rawRevertData(viemError);
  const decoded = data ? decodeRevert(data) : undefined;
  if (decoded) return describeRevert(decoded.errorName, decoded.args);
  const execution = viemError.walk((e) => e instanceof ExecutionRevertedError);
  if (execution instanceof ExecutionRevertedError) return data ? `execution reverted (${data.slice(0, 10)})` : 'execution reverted';
  return undefined;
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
    default: {
      const reason = revertReason(error);
      return reason ? new ContractRevertedError(functionName, reason, error) : new ContractCallError(functionName, error);
    }
  }
}
