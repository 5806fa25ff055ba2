import { ChainsError } from './base.ts';

/** A chain name that Keepsake does not know. */
export class UnknownChainError extends ChainsError {
  override name = 'UnknownChainError';
  readonly chain: string;
  constructor(chain: string) {
    super(`Unknown chain "${chain}".`);
    this.chain = chain;
  }
}

/** A known chain that this deployment has no RPC endpoint for. */
export class ChainNotConfiguredError extends ChainsError {
  override name = 'ChainNotConfiguredError';
  readonly chain: string;
  constructor(chain: string, variable: string) {
    super(`The chain "${chain}" is not configured.`, { metaMessages: [`Set ${variable} to an RPC URL for it.`] });
    this.chain = chain;
  }
}

/** The RPC endpoint answers for another chain than the one it is configured for. */
export class ChainIdMismatchError extends ChainsError {
  override name = 'ChainIdMismatchError';
  constructor(chain: string, expected: number, actual: number) {
    super(`The RPC endpoint of "${chain}" serves chain id ${actual}, not ${expected}.`);
  }
}

/** The RPC endpoint did not answer. */
export class RpcUnreachableError extends ChainsError {
  override name = 'RpcUnreachableError';
  constructor(chain: string, cause: unknown) {
    super(`The RPC endpoint of "${chain}" did not answer.`, { cause });
  }
}

/** A devnet-only operation (such as minting ether out of thin air) was asked of another chain. */
export class DevnetOnlyError extends ChainsError {
  override name = 'DevnetOnlyError';
  constructor(operation: string, chainId: number | undefined) {
    super(`${operation} works only on the local devnet, not on chain id ${chainId ?? 'unknown'}.`);
  }
}
