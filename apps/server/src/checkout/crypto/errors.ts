import { InvalidInputError, RateLimitedError, StateConflictError } from '../../platform/domain-errors.ts';
import { errorTypes } from '../../platform/error-types.ts';

/** The chain has no payment contract (`CHAIN_<X>_PAYMENTS_CONTRACT`), so it takes no crypto payments. */
export class CryptoPaymentsUnavailableError extends InvalidInputError {
  constructor(chain: string, variable: string) {
    super(`The ${chain} chain takes no crypto payments on this server: it has no payment contract (set ${variable}).`);
  }
}

/** The faucet gives test money on local chains only. */
export class FaucetChainRefusedError extends InvalidInputError {
  constructor(chain: string) {
    super(`The faucet gives test USDXM on local chains only (such as devnet); ${chain} is not a local chain.`);
  }
}

/** §9: once per address per hour. */
export class FaucetLimitError extends RateLimitedError {
  constructor(retryAfterSeconds: number) {
    super(`This address already received test USDXM in the last hour. Try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`, undefined, {
      retryAfterSeconds,
    });
  }
}

/** The test stablecoin's mint refuses the zero address (OpenZeppelin's ERC20InvalidReceiver): refused before it is signed. */
export class FaucetAddressRefusedError extends InvalidInputError {
  constructor() {
    super('address: the zero address cannot receive test USDXM (the token contract refuses to mint to it).');
  }
}

/** What a revert reason means for the faucet, when the reason alone does not say it. */
function hintFor(reason: string): string {
  if (reason.startsWith('OwnableUnauthorizedAccount(')) return " (the faucet's signer does not own the test stablecoin)";
  if (reason.startsWith('Panic: arithmetic overflow')) return " (the token's total supply would overflow)";
  return '';
}

/**
 * The chain refused the faucet's mint: the token contract reverted, as the mint was signed (its gas estimate) or once
 * it was mined (`minedHash`). 409: the chain's state refuses it, not the request, and sending it again changes
 * nothing; not 503, which says the chain did not answer and asks clients to retry.
 */
export class FaucetMintRevertedError extends StateConflictError {
  constructor(reason: string | undefined, options: { minedHash?: string; cause?: unknown } = {}) {
    const why = reason ? `the token contract reverted with ${reason}${hintFor(reason)}` : 'the token contract reverted without saying why';
    const what = options.minedHash
      ? `The devnet mined the mint of test USDXM (${options.minedHash}) but it reverted: `
      : 'The devnet refused to mint test USDXM: ';
    super(`${what}${why}. Nothing was sent; ask again once that is fixed.`, errorTypes.faucetMintReverted, { cause: options.cause });
  }
}
