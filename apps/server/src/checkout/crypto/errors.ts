import { InvalidInputError, RateLimitedError } from '../../platform/domain-errors.ts';

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
