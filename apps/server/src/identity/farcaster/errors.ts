// The failures of Sign In With Farcaster, one class each (domain errors: the one handler maps them to the spec §8
// wire shape, docs/decisions/085).
import { InvalidInputError, ResourceNotFoundError, StateConflictError, UnauthenticatedError, UnavailableError } from '../../platform/domain-errors.ts';
import { errorTypes } from '../../platform/error-types.ts';

export class InvalidFarcasterMessageError extends InvalidInputError {
  constructor(details: string) {
    super(`The Sign In With Farcaster message is not valid: ${details}`, errorTypes.invalidFarcasterMessage);
  }
}

export class InvalidCustodyAddressError extends InvalidInputError {
  constructor() {
    super('custodyAddress is not an Ethereum address: expected 0x and 40 hex digits.');
  }
}

export class FarcasterNonceNotFoundError extends ResourceNotFoundError {
  constructor() {
    super(
      "The message's nonce was not issued by this server, has expired or was already used: ask for a new nonce and sign again.",
      errorTypes.farcasterNonceNotFound,
    );
  }
}

export class UnableToAuthFarcasterError extends UnauthenticatedError {
  constructor(details: string) {
    super(`The Farcaster account could not be authenticated: ${details}`, errorTypes.unableToAuthFarcaster);
  }
}

export class FarcasterUnavailableError extends UnavailableError {
  constructor(details: string) {
    super(`Farcaster's ID registry cannot be read now: ${details}`, errorTypes.farcasterUnavailable);
  }
}

/** Dev mode's fid registration: the address is the custody address of another fid already. */
export class CustodyHoldsFidError extends StateConflictError {
  constructor(custody: string, fid: bigint) {
    super(`${custody} is the custody address of fid ${fid} already: use another address.`);
  }
}
