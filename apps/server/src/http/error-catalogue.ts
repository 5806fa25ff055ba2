import { errorTypes, type ErrorType } from './errors.ts';

/** What each error type means and what to do about it; served at /docs/errors (every error_url points here). */
export const errorCatalogue: Record<ErrorType, string> = {
  [errorTypes.badRequest]: 'The request could not be understood. Check the method, headers and body.',
  [errorTypes.invalidJson]: 'The body is not valid JSON. Send a JSON object with Content-Type: application/json.',
  [errorTypes.invalidRequest]: 'A field is missing or has the wrong type or format; error_message names it.',
  [errorTypes.invalidEmail]: 'The email address is not valid.',
  [errorTypes.payloadTooLarge]: 'The body is larger than the server accepts (BODY_LIMIT_BYTES).',
  [errorTypes.uriTooLong]: 'A path parameter is longer than the server accepts (500 characters).',
  [errorTypes.requestTimeout]: 'The request (headers and body) did not arrive in time (REQUEST_TIMEOUT_MS); the connection is closed. Send it again.',
  [errorTypes.unsupportedMediaType]: 'The Content-Type is not one this route accepts; use application/json.',
  [errorTypes.unauthorized]: 'Sign in first, or send the credentials this route needs.',
  [errorTypes.unauthorizedCredentials]: 'The public token or session token in the Basic Authorization header is missing or wrong.',
  [errorTypes.invalidApiKey]: 'The X-API-KEY header is missing, wrong, or the key was revoked.',
  [errorTypes.invalidPublicToken]: 'The public token does not belong to any project.',
  [errorTypes.forbidden]: 'You are authenticated but not allowed to do this (role or API key scope).',
  [errorTypes.invalidOrigin]:
    "The request's Origin is not allowed: console calls must come from the server's own origin, and /sdk/v1 calls from an origin in the project's allowed origins (console settings).",
  [errorTypes.notFound]: 'The resource does not exist, or you cannot see it.',
  [errorTypes.routeNotFound]: 'No route matches this method and path. See /docs for the API reference.',
  [errorTypes.methodNotAllowed]: 'The path exists but not with this method.',
  [errorTypes.conflict]: 'The change conflicts with the current state (a duplicate, or the last owner).',
  [errorTypes.webhookUrlNotAllowed]:
    'Webhooks are not sent to localhost, private, link-local or reserved addresses (outside dev mode). Use a public https:// URL.',
  [errorTypes.otpCodeNotFound]: 'The passcode is wrong, expired or already used. Request a new one.',
  [errorTypes.sessionNotFound]: 'The session is unknown, expired or revoked. Sign in again.',
  [errorTypes.invalidSessionToken]: 'The session token is not valid.',
  [errorTypes.userLocked]: 'Too many failed attempts: the account is locked for a while.',
  [errorTypes.captchaRequired]: 'Captcha required: the project asks for a captcha on this call. Solve it and send its token as captcha_token.',
  [errorTypes.captchaFailed]: 'Captcha required: the captcha_token was not accepted (expired, reused or wrong). Solve the captcha again.',
  [errorTypes.intermediateSessionNotFound]: 'The intermediate session token is unknown, expired or already used. Start the sign-in again.',
  [errorTypes.totpNotFound]: 'The user has no TOTP authenticator (or not that one).',
  [errorTypes.activeTotpExists]: 'The user already has a verified TOTP authenticator; delete it before creating another.',
  [errorTypes.invalidTotpCode]: 'The TOTP code is wrong, outside its time window, or was already used.',
  [errorTypes.invalidRecoveryCode]: 'The recovery code is wrong or was already used.',
  [errorTypes.cryptoWalletNotFound]: 'The user has no crypto wallet with that id.',
  [errorTypes.oauthRegistrationNotFound]: 'The user has no OAuth registration with that id.',
  [errorTypes.webauthnRegistrationNotFound]: 'The user has no passkey (WebAuthn registration) with that id.',
  [errorTypes.biometricRegistrationNotFound]: 'The user has no biometric registration with that id.',
  [errorTypes.impersonationTokenNotFound]: 'The impersonation token is unknown, expired, for another project, or already used.',
  [errorTypes.tooManyRequests]: 'Too many requests. Wait for the number of seconds in Retry-After.',
  [errorTypes.emailSendFailed]: 'The email could not be sent. Try again shortly; operators should check SMTP_URL.',
  [errorTypes.smsSendFailed]: 'The text message could not be sent. Try again shortly; operators should check the TWILIO_* settings.',
  [errorTypes.unableToAuthMagicLink]: 'The magic link or reset token is wrong, expired or already used. Request a new email.',
  [errorTypes.pkceMismatch]: 'The code_verifier does not match the code_challenge the link was requested with (or one of them is missing).',
  [errorTypes.invalidRedirectUrl]: "The redirect URL is not on the project's allow-list, or no default redirect URL is set.",
  [errorTypes.resetPassword]: 'The password must be reset before it can be used: a reset email has been sent to the address.',
  [errorTypes.breachedPassword]: 'The password appears in known data breaches. Choose another password.',
  [errorTypes.weakPassword]: "The password does not meet the project's strength policy; check it with /passwords/strength_check.",
  [errorTypes.invalidPhoneNumber]: 'The phone number is not a valid number; send it in E.164 form such as +15555550123.',
  [errorTypes.emailNotFound]: 'No email with that id belongs to the signed-in user.',
  [errorTypes.phoneNumberNotFound]: 'No phone number with that id belongs to the signed-in user.',
  [errorTypes.cannotDeleteLastPrimaryFactor]: 'This email or phone number is the last way the user can sign in; add another before deleting it.',
  [errorTypes.invalidWalletLocator]:
    'The wallet locator or owner is not one Keepsake understands. Use email:<email>:<chain>, userId:<id>:<chain>, <chain>:<address> or an address (chain: evm or an EVM chain name).',
  [errorTypes.chainNotConfigured]: 'The chain is known but this server has no RPC endpoint for it; operators set CHAIN_<NAME>_RPC_URL.',
  [errorTypes.unsupportedChain]: 'The chain is known but not supported for this yet (collections are deployed on EVM chains).',
  [errorTypes.idempotencyKeyReused]: 'The x-idempotency-key was already used with a different request (method, path or body). Use a new key for a new request.',
  [errorTypes.serviceUnavailable]: 'A dependency is unavailable. Try again shortly.',
  [errorTypes.internalServerError]: 'Something went wrong on our side. Quote the request_id when reporting it.',
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}

export function errorCataloguePage(): string {
  const rows = Object.entries(errorCatalogue)
    .map(([type, text]) => `<tr id="${type}"><th scope="row"><code>${type}</code></th><td>${escapeHtml(text)}</td></tr>`)
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Keepsake error types</title>
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem}th,td{text-align:left;padding:.5rem;border-bottom:1px solid #ddd;vertical-align:top}:target{background:#fff6d6}</style>
</head><body><h1>Error types</h1><p>Every error response has the shape <code>{status_code, request_id, error_type, error_message, error_url}</code>.</p>
<table><caption>Error types and what they mean</caption><thead><tr><th scope="col">error_type</th><th scope="col">Meaning</th></tr></thead><tbody>
${rows}
</tbody></table><p><a href="/docs">API reference</a></p></body></html>`;
}
