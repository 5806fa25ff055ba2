// The failures of the OAuth sign-in method, one class each (domain errors: the one handler maps them to the spec §8
// wire shape, docs/decisions/085).
import { InvalidInputError, ResourceNotFoundError, UnauthenticatedError, UnavailableError } from '../../platform/domain-errors.ts';
import { errorTypes } from '../../platform/error-types.ts';

/** The path names no provider of spec §3. */
export class OauthProviderNotSupportedError extends InvalidInputError {
  constructor(provider: string) {
    super(
      `OAuth provider ${provider.slice(0, 40)} is not supported. Use one of google, microsoft, apple, github, gitlab, facebook, discord, salesforce, slack, amazon, bitbucket, linkedin, coinbase, twitch, twitter, tiktok, snapchat, figma, yahoo.`,
      errorTypes.oauthProviderNotSupported,
    );
  }
}

/** The project has no enabled client at this provider (spec §8 One Tap state "no OAuth config"). */
export class OauthConfigNotFoundError extends ResourceNotFoundError {
  constructor(provider: string) {
    super(
      `This project has no enabled ${provider} OAuth configuration. Add the ${provider} client id and secret in the project's sign-in settings.`,
      errorTypes.oauthConfigNotFound,
    );
  }
}

/** The callback's `state` is unknown, expired or used (a replayed or forged callback). */
export class OauthStateNotFoundError extends ResourceNotFoundError {
  constructor() {
    super('This OAuth sign-in is unknown, has expired or was already finished. Please start again.', errorTypes.oauthStateNotFound);
  }
}

/** The provider refused the sign-in or answered something we cannot use. */
export class OauthProviderFailedError extends UnavailableError {
  constructor(provider: string, details: string) {
    super(`${provider} did not complete the sign-in: ${details.slice(0, 300)}`, errorTypes.oauthProviderFailed);
  }
}

/** The provider sent the user back with an error (they declined, or the client is misconfigured). */
export class OauthProviderDeniedError extends InvalidInputError {
  constructor(provider: string, error: string, description: string | undefined) {
    super(`${provider} answered ${error.slice(0, 100)}${description ? `: ${description.slice(0, 300)}` : ''}`, errorTypes.oauthProviderFailed);
  }
}

/** The token from the redirect URL is wrong, expired or used: 401 `unable_to_auth_oauth_token`. */
export class UnableToAuthOauthError extends UnauthenticatedError {
  constructor() {
    super('The OAuth token is invalid, has expired or was already used. Please sign in again.', errorTypes.unableToAuthOauth);
  }
}
