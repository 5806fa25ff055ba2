import { errorTypes } from '../platform/error-types.ts';
import { InvalidInputError, PermissionDeniedError, ResourceNotFoundError, UnauthenticatedError, UnavailableError } from '../platform/domain-errors.ts';

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

/** An email (passcode, magic link, reset) could not be sent: 503 `email_send_failed`. */
export class EmailSendFailedError extends UnavailableError {
  constructor() {
    super('We could not send the email right now. Please try again in a moment.', errorTypes.emailSendFailed);
  }
}

/** A text message (SMS, WhatsApp passcode) could not be sent: 503 `sms_send_failed`. */
export class TextSendFailedError extends UnavailableError {
  constructor() {
    super('We could not send the text message right now. Please try again in a moment.', errorTypes.smsSendFailed);
  }
}
