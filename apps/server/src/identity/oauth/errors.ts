// The failures of the OAuth sign-in method, one class each (domain errors: the one handler maps them to the spec §8
// wire shape, docs/decisions/085).
import { InvalidInputError, PermissionDeniedError, ResourceNotFoundError, UnauthenticatedError, UnavailableError } from '../../platform/domain-errors.ts';
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

/**
 * The callback reached a browser that did not start the flow: its cookie for the flow is missing or another
 * (login CSRF: someone else's callback URL, opened here, would sign this browser in to their account; ADR 132).
 */
export class OauthFlowBrowserMismatchError extends PermissionDeniedError {
  constructor() {
    super(
      'This OAuth sign-in was not started in this browser (its sign-in cookie is missing or does not match), so it was not finished. Please start again here.',
      errorTypes.oauthFlowBrowserMismatch,
    );
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

/** The callback came with the wrong method: form_post providers (Apple) POST it, the others GET it. */
export class OauthCallbackMethodError extends InvalidInputError {
  constructor(provider: string, method: 'GET' | 'POST') {
    super(
      method === 'POST'
        ? `${provider} answers the OAuth callback with a GET redirect; a form POST is accepted only from providers that use response_mode=form_post (apple).`
        : `${provider} answers the OAuth callback with a form POST (response_mode=form_post); a GET carries none of its answer.`,
      errorTypes.oauthProviderFailed,
    );
  }
}

/** The token from the redirect URL is wrong, expired or used: 401 `unable_to_auth_oauth_token`. */
export class UnableToAuthOauthError extends UnauthenticatedError {
  constructor() {
    super('The OAuth token is invalid, has expired or was already used. Please sign in again.', errorTypes.unableToAuthOauth);
  }
}

// Google One Tap (spec §4 "One Tap states"): each state its own error_type, the one the genuine widget reads.

/** The page's origin is missing or not allowed by the project (`origin_not_allowed_for_client`). */
export class OneTapOriginNotAllowedError extends PermissionDeniedError {
  constructor(origin: string | undefined) {
    super(
      origin === undefined
        ? 'Google One Tap needs the page origin (the Origin or X-SDK-Parent-Host header) to check it against the project.'
        : `Google One Tap cannot run on ${origin.slice(0, 200)}: it is not one of the project's allowed origins.`,
      errorTypes.oneTapOriginNotAllowed,
    );
  }
}

/** The stored Google client id is not one Google would recognise (`invalid_client`). */
export class OneTapInvalidClientError extends InvalidInputError {
  constructor() {
    super(
      "The project's Google client id is not a Google OAuth client id (<number>-<id>.apps.googleusercontent.com). Check it in the project's sign-in settings.",
      errorTypes.oneTapInvalidClient,
    );
  }
}

/** The project has no login, or no signup, redirect URL. */
export class OneTapNoRedirectUrlsError extends InvalidInputError {
  constructor(kind: 'login' | 'signup') {
    super(
      `Google One Tap needs a ${kind} redirect URL and this project has none. Add one in the project's sign-in settings.`,
      kind === 'login' ? errorTypes.oneTapNoLoginRedirectUrls : errorTypes.oneTapNoSignupRedirectUrls,
    );
  }
}

/** Google sign-in on this server goes through another OpenID provider (`default_provider_not_allowed`). */
export class OneTapDefaultProviderNotAllowedError extends InvalidInputError {
  constructor() {
    super(
      "Google One Tap is not available: this server's Google sign-in goes through another OpenID provider (OAUTH_ENDPOINTS) whose keys are not GOOGLE_JWKS_URL. Use the Google redirect flow.",
      errorTypes.oneTapDefaultProviderNotAllowed,
    );
  }
}

/** The submit's oauth_callback_id is not the one start answered for the project's current Google client. */
export class InvalidOauthCallbackIdError extends InvalidInputError {
  constructor() {
    super("oauth_callback_id does not match this project's Google client. Call One Tap start again.", errorTypes.invalidOauthCallbackId);
  }
}

/** The Google ID token does not verify; `reason` says which check failed. */
export class InvalidIdTokenError extends UnauthenticatedError {
  constructor(reason: string) {
    super(`The Google ID token is not valid: ${reason}`, errorTypes.invalidIdToken);
  }
}
