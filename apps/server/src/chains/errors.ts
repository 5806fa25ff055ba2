import { chainFamily, type Blockchain } from '@keepsake/chains/blockchains';
import { InvalidInputError, UnavailableError } from '../platform/domain-errors.ts';
import { errorTypes } from '../platform/error-types.ts';

/** The chain is known but not supported for this (collections are deployed on EVM chains): 400 `unsupported_chain`. */
export class UnsupportedChainError extends InvalidInputError {
  constructor(chain: Blockchain) {
    super(
      `Collections on ${chain} (a ${chainFamily(chain)} chain) are not supported yet: Keepsake deploys collections on EVM chains.`,
      errorTypes.unsupportedChain,
    );
  }
}

/** The chain is known but this server has no RPC endpoint for it: 400 `chain_not_configured`. */
export class ChainNotOnServerError extends InvalidInputError {
  constructor(message: string) {
    super(message, errorTypes.chainNotConfigured);
  }
}

/** The name is not a chain Keepsake knows. */
export class UnknownChainNameError extends InvalidInputError {
  constructor(chain: string) {
    super(`Unknown chain "${chain}": use an EVM chain name such as devnet or base-sepolia.`);
  }
}

/** The chain's RPC endpoint did not answer: 503 `service_unavailable`. */
export class ChainUnavailableError extends UnavailableError {}
