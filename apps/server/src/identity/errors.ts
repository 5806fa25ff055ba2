import { errorTypes } from '../platform/error-types.ts';
import { InvalidInputError, PermissionDeniedError, ResourceNotFoundError, UnauthenticatedError } from '../platform/domain-errors.ts';

/** A /sdk/v1 call's credentials (public token, session token) are missing or name nothing: 401 `unauthorized_credentials`. */
export class UnauthorizedCredentialsError extends UnauthenticatedError {
  constructor(message: string) {
    super(message, errorTypes.unauthorizedCredentials);
  }
}

/** A call that needs a session sent none. */
export class MissingSessionTokenError extends UnauthorizedCredentialsError {
  constructor(message = 'No session token was sent. Use Basic auth public_token:session_token.') {
    super(message);
  }
}

/** No project has the public token or id the call names. */
export class ProjectNotFoundError extends ResourceNotFoundError {}

/** The project asks for a captcha on this call and none was sent: 400 `captcha_required`. */
export class CaptchaRequiredError extends InvalidInputError {
  constructor() {
    super('Captcha required. Solve the captcha and send its token as captcha_token.', errorTypes.captchaRequired);
  }
}

/** The captcha token was not accepted: 400 `captcha_failed`. */
export class CaptchaFailedError extends InvalidInputError {
  constructor() {
    super('Captcha required: the captcha token was not accepted. Please solve the captcha again.', errorTypes.captchaFailed);
  }
}

/** The call's browser origin is not one the project allows: 403 `invalid_origin`. */
export class OriginNotAllowedError extends PermissionDeniedError {
  constructor(origin: string) {
    super(
      `The origin ${origin.slice(0, 200)} is not allowed for this project. Add it to the allowed origins in the project's settings.`,
      errorTypes.invalidOrigin,
    );
  }
}
