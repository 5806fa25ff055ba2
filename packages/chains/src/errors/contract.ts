import { ChainsError } from './base.ts';

/** A transaction was mined but reverted. */
export class TransactionRevertedError extends ChainsError {
  override name = 'TransactionRevertedError';
  readonly hash: string;
  constructor(hash: string) {
    super(`Transaction ${hash} reverted.`);
    this.hash = hash;
  }
}

/** A deployment transaction produced no contract. */
export class ContractDeployFailedError extends ChainsError {
  override name = 'ContractDeployFailedError';
  readonly hash: string;
  constructor(hash: string, cause?: unknown) {
    super(`Deployment ${hash} did not create a contract.`, { cause });
    this.hash = hash;
  }
}

/** A mint would take a collection or token past its supply limit. */
export class SupplyLimitExceededError extends ChainsError {
  override name = 'SupplyLimitExceededError';
  constructor(cause: unknown) {
    super('The mint would exceed the supply limit.', { cause });
  }
}

/** The sender lacks the role the call needs (minter or owner). */
export class MissingRoleError extends ChainsError {
  override name = 'MissingRoleError';
  constructor(cause: unknown) {
    super('The sender does not have the role this call needs.', { cause });
  }
}

/** A token id that does not exist. */
export class TokenNotFoundError extends ChainsError {
  override name = 'TokenNotFoundError';
  constructor(contract: string, tokenId: bigint) {
    super(`Token ${tokenId} does not exist in ${contract}.`);
  }
}

/** A batch with no entries, or with lists of different lengths. */
export class InvalidBatchError extends ChainsError {
  override name = 'InvalidBatchError';
  constructor(reason: string) {
    super(`Invalid batch: ${reason}.`);
  }
}

/** A contract call failed for a reason none of the errors above names. */
export class ContractCallError extends ChainsError {
  override name = 'ContractCallError';
  constructor(functionName: string, cause: unknown) {
    super(`The call to ${functionName} failed.`, { cause });
  }
}

/**
 * A contract call reverted: the chain answered, and refused it. `reason` says why, for people: the custom error with
 * its arguments (`OwnableUnauthorizedAccount(0x…)`), a panic (`Panic: arithmetic overflow or underflow`), the
 * revert string, or `execution reverted` when the contract gave none.
 */
export class ContractRevertedError extends ContractCallError {
  override name = 'ContractRevertedError';
  readonly reason: string;
  constructor(functionName: string, reason: string, cause: unknown) {
    super(functionName, cause);
    this.reason = reason;
  }
}

/** The node refused a signed transaction for a reason other than having it already. */
export class TransactionSendError extends ChainsError {
  override name = 'TransactionSendError';
  readonly hash: string;
  constructor(hash: string, cause: unknown) {
    super(`Transaction ${hash} could not be sent.`, { cause });
    this.hash = hash;
  }
}
