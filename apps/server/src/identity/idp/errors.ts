import { errorTypes } from '../../platform/error-types.ts';
import { InvalidInputError, ResourceNotFoundError } from '../../platform/domain-errors.ts';

/** No connected app of the project has that client_id: 404 `oidc_client_not_found`. */
export class OidcClientNotFoundError extends ResourceNotFoundError {
  constructor() {
    super('No connected app of this project has that client_id.', errorTypes.oidcClientNotFound);
  }
}

/** Spec §5: an authorize or logout request without one of its required parameters. */
export class MissingIdpParameterError extends InvalidInputError {
  constructor(param: string) {
    super(`Required parameter is missing: ${param}. Please reach out to the application developer.`);
  }
}

/** redirect_uri is not registered for the connected app (exact match). */
export class InvalidRedirectUriError extends InvalidInputError {
  constructor() {
    super("redirect_uri is not one of the connected app's registered redirect URIs.", errorTypes.invalidRedirectUri);
  }
}

/** post_logout_redirect_uri is not registered for the connected app (exact match). */
export class InvalidPostLogoutRedirectUriError extends InvalidInputError {
  constructor() {
    super("post_logout_redirect_uri is not one of the connected app's registered redirect URIs.", errorTypes.invalidPostLogoutRedirectUri);
  }
}

/** Only the authorization code flow is offered. */
export class UnsupportedResponseTypeError extends InvalidInputError {
  constructor() {
    super('response_type must be code.', errorTypes.unsupportedResponseType);
  }
}

/** A public app without PKCE, or a method other than S256. */
export class CodeChallengeRequiredError extends InvalidInputError {
  constructor() {
    super('A public connected app must send code_challenge with code_challenge_method=S256.', errorTypes.codeChallengeRequired);
  }
}

/** OpenID Connect Core §3.1.2.1 `max_age`: a whole number of seconds. */
export class InvalidMaxAgeError extends InvalidInputError {
  constructor() {
    super('max_age must be a whole number of seconds (0 or more).');
  }
}

/** OpenID Connect Core §3.1.2.1: prompt=none may not be combined with other values. */
export class InvalidPromptError extends InvalidInputError {
  constructor() {
    super('prompt=none cannot be combined with other prompt values.');
  }
}

/** id_token_hint is not an ID token of this project for that client. */
export class InvalidIdTokenHintError extends InvalidInputError {
  constructor() {
    super('id_token_hint is not an ID token this project issued to that client.', errorTypes.invalidIdTokenHint);
  }
}

/** The project has not set its authorization URL, so it publishes no discovery document. */
export class IdentityProviderNotConfiguredError extends ResourceNotFoundError {
  constructor() {
    super(
      "This project's identity provider has no authorization URL yet; set it in the console under Connected apps.",
      errorTypes.identityProviderNotConfigured,
    );
  }
}

/** No project has this id (or it is not a project id at all), so there is no issuer here. */
export class IdentityProviderNotFoundError extends ResourceNotFoundError {
  constructor() {
    super('No project has this id, so there is no identity provider at this issuer.', errorTypes.identityProviderNotFound);
  }
}

/**
 * An OAuth 2.0 token, userinfo, revocation or introspection error (RFC 6749 §5.2, RFC 6750 §3, RFC 7009, RFC 7662): the protocol routes answer it as
 * `{error, error_description}`, the shape relying parties read.
 */
export class OauthProtocolError extends Error {
  readonly error: OauthErrorCode;
  readonly description: string;
  readonly status: number;
  constructor(error: OauthErrorCode, description: string) {
    super(description);
    this.error = error;
    this.description = description;
    this.status = error === 'invalid_client' || error === 'invalid_token' ? 401 : 400;
  }
}

type OauthErrorCode = 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type' | 'invalid_scope' | 'invalid_token';
