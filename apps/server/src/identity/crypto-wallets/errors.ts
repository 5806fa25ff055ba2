// The failures of the crypto wallet method, one class each (domain errors: the one handler maps them to the spec
// §8 wire shape, docs/decisions/085).
import { InvalidInputError, ResourceNotFoundError, StateConflictError, UnauthenticatedError } from '../../platform/domain-errors.ts';
import { errorTypes } from '../../platform/error-types.ts';

export class InvalidCryptoWalletTypeError extends InvalidInputError {
  constructor(type: string) {
    super(`crypto_wallet_type ${JSON.stringify(type.slice(0, 32))} is not supported: use ethereum or solana.`, errorTypes.invalidCryptoWalletType);
  }
}

export class InvalidCryptoWalletAddressError extends InvalidInputError {
  constructor(type: string) {
    const form = type === 'ethereum' ? '0x followed by 40 hex digits' : 'the base58 form of a 32-byte public key';
    super(`crypto_wallet_address is not a valid ${type} address: expected ${form}.`, errorTypes.invalidCryptoWalletAddress);
  }
}

export class InvalidSiweParamsError extends InvalidInputError {
  constructor(details: string) {
    super(`Invalid siwe_params: ${details}`, errorTypes.invalidSiweParams);
  }
}

export class CryptoWalletChallengeNotFoundError extends ResourceNotFoundError {
  constructor() {
    super(
      'No challenge is outstanding for this crypto wallet: it has expired, was already used, or was never started in this project. Call authenticate/start again.',
      errorTypes.cryptoWalletChallengeNotFound,
    );
  }
}

export class UnableToAuthCryptoWalletError extends UnauthenticatedError {
  constructor(details: string) {
    super(`The crypto wallet could not be authenticated: ${details}`, errorTypes.unableToAuthCryptoWallet);
  }
}

export class DuplicateCryptoWalletError extends StateConflictError {
  constructor() {
    super('This crypto wallet already belongs to another user of this project.', errorTypes.duplicateCryptoWallet);
  }
}
