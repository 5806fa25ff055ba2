// The failures of the passkey method, one class each (domain errors: the one handler maps them to the spec §8
// wire shape, docs/decisions/085).
import { InvalidInputError, ResourceNotFoundError, StateConflictError, UnauthenticatedError } from '../../platform/domain-errors.ts';
import { errorTypes } from '../../platform/error-types.ts';

/** Spec §6: passkey registration needs an active session. */
export const NO_ACTIVE_SESSION_MESSAGE = 'No active session detected. Please log in to continue.';

/** Spec §8: the credential is registered already (possibly synced from another device). */
export const ALREADY_REGISTERED_MESSAGE =
  'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.';

/** 401 unauthorized_credentials (no session token) with the §6 text. */
export class NoActiveSessionError extends UnauthenticatedError {
  constructor() {
    super(NO_ACTIVE_SESSION_MESSAGE, errorTypes.unauthorizedCredentials);
  }
}

/** 404 session_not_found (the session ended) with the §6 text. */
export class PasskeySessionNotFoundError extends ResourceNotFoundError {
  constructor() {
    super(NO_ACTIVE_SESSION_MESSAGE, errorTypes.sessionNotFound);
  }
}

export class DomainNotAllowedError extends InvalidInputError {
  constructor(domain: string) {
    super(
      `The domain ${domain.slice(0, 253)} is not allowed for this project's passkeys. Use the host of one of the project's allowed origins (or a parent domain of it).`,
      errorTypes.domainNotAllowed,
    );
  }
}

export class InvalidPublicKeyCredentialError extends InvalidInputError {
  constructor(details: string) {
    super(`Invalid public key credential: ${details}`, errorTypes.invalidPublicKeyCredential);
  }
}

export class WebauthnChallengeNotFoundError extends ResourceNotFoundError {
  constructor() {
    super("This passkey ceremony's challenge is unknown, has expired or was already used. Please start again.", errorTypes.webauthnChallengeNotFound);
  }
}

export class DuplicateWebauthnRegistrationError extends StateConflictError {
  constructor() {
    super(ALREADY_REGISTERED_MESSAGE, errorTypes.duplicateWebauthnRegistration);
  }
}

export class WebauthnRegistrationNotFoundError extends ResourceNotFoundError {
  constructor(
    message = 'No passkey with this credential is registered for this project. It may have been deleted from the account but not from the password manager.',
  ) {
    super(message, errorTypes.webauthnRegistrationNotFound);
  }
}

export class UnableToAuthWebauthnError extends UnauthenticatedError {
  constructor(details: string) {
    super(`The passkey could not be authenticated: ${details}`, errorTypes.unableToAuthWebauthn);
  }
}
