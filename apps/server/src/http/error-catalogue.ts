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
  [errorTypes.invalidCryptoWalletType]: 'crypto_wallet_type must be ethereum or solana.',
  [errorTypes.invalidCryptoWalletAddress]:
    'crypto_wallet_address is not an address of that wallet type: Ethereum takes 0x and 40 hex digits, Solana the base58 form of a 32-byte public key.',
  [errorTypes.invalidSiweParams]:
    "siwe_params cannot make a Sign-In with Ethereum message: the URI must be an absolute URL whose origin is one of the project's allowed origins, and the domain its authority.",
  [errorTypes.cryptoWalletChallengeNotFound]:
    'No challenge is outstanding for this wallet in this project: it was never started here, has expired (10 minutes) or was already used. Call authenticate/start again.',
  [errorTypes.unableToAuthCryptoWallet]:
    "The signature does not verify for the challenge and the address (an EOA's personal_sign, an ERC-1271 smart account's, or an ERC-6492 wrapped one), or the SIWE message is outside its validity window.",
  [errorTypes.duplicateCryptoWallet]: 'This wallet already belongs to another user of the project. Sign in with it, or use another wallet.',
  [errorTypes.oauthRegistrationNotFound]: 'The user has no OAuth registration with that id.',
  [errorTypes.oauthConfigNotFound]: "The project has no enabled OAuth client at this provider. Add its client id and secret in the project's sign-in settings.",
  [errorTypes.signInMethodNotSupported]:
    'signinAuthenticationMethod names no sign-in method of the product app: use email, phone, farcaster, solana, evm, google or discord (docs/console-api.md).',
  [errorTypes.signInMethodNotEnabled]: "The platform project's sign-in widget does not offer this method (its products, or signInMethods.farcaster).",
  [errorTypes.invalidAccessToken]: 'The access token is not a live session JWT of the platform project: sign in again.',
  [errorTypes.invalidFarcasterMessage]:
    "The message is not a Sign In With Farcaster message (EIP-4361, statement 'Farcaster Auth', chain id 10, one farcaster://fid/<fid> resource), or the body's fid is not the message's.",
  [errorTypes.farcasterNonceNotFound]:
    "The message's nonce is not one this server issued (POST /api/session/farcaster/nonce), has expired (10 minutes) or was already used. Ask for a new nonce.",
  [errorTypes.unableToAuthFarcaster]:
    "The Sign In With Farcaster message does not verify: wrong signature, another domain, outside its validity window, or the signer is not the fid's custody address in Farcaster's ID registry.",
  [errorTypes.farcasterUnavailable]: "Farcaster's ID registry cannot be read now (FARCASTER_RPC_URL, docs/configuration.md). Try again later.",
  [errorTypes.oauthProviderNotSupported]: 'The path names no OAuth provider of this server (google, microsoft, apple, github, … see docs/oauth.md).',
  [errorTypes.oauthStateNotFound]: 'The OAuth callback names a sign-in that is unknown, expired (10 minutes) or already finished. Start the sign-in again.',
  [errorTypes.oauthFlowBrowserMismatch]:
    'The OAuth callback came to a browser without the cookie its sign-in set at start: it was started in another browser (someone may be trying to sign you in to their account) or the cookie was blocked or cleared. Start the sign-in again in this browser.',
  [errorTypes.oauthProviderFailed]:
    'The OAuth provider refused the sign-in (the user declined, or the client id, secret or redirect URI is wrong) or could not be reached.',
  [errorTypes.unableToAuthOauth]: 'The OAuth token is wrong, expired (10 minutes) or already used. Sign in with the provider again.',
  [errorTypes.oneTapOriginNotAllowed]:
    "Google One Tap: the page's origin (Origin or X-SDK-Parent-Host) is missing or not one of the project's allowed origins. Add it in the console, and to the Google client's authorized JavaScript origins.",
  [errorTypes.oneTapInvalidClient]:
    "Google One Tap: the project's Google client id is not a Google OAuth client id (<number>-<id>.apps.googleusercontent.com), so Google would not recognise it. Check it against the Google Cloud console.",
  [errorTypes.oneTapNoLoginRedirectUrls]:
    "Google One Tap: the project has no login redirect URL (a default or an allowed URL). Add one in the project's sign-in settings.",
  [errorTypes.oneTapNoSignupRedirectUrls]:
    "Google One Tap: the project has no signup redirect URL (a default or an allowed URL). Add one in the project's sign-in settings.",
  [errorTypes.oneTapDefaultProviderNotAllowed]:
    "Google One Tap: this server's Google sign-in goes through another OpenID provider (OAUTH_ENDPOINTS names a google issuer whose keys are not GOOGLE_JWKS_URL), whose accounts One Tap cannot offer. Use Google's own client, or the redirect flow.",
  [errorTypes.invalidOauthCallbackId]: "oauth_callback_id is not the one One Tap start answered for the project's current Google client. Call start again.",
  [errorTypes.invalidIdToken]:
    "The Google ID token does not verify: its signature (Google's keys), issuer (accounts.google.com), audience (the project's Google client id) or expiry is wrong. Ask Google for a new one.",
  [errorTypes.webauthnRegistrationNotFound]:
    'No passkey (WebAuthn registration) with that id or credential: it may have been deleted from the account but not from the password manager.',
  [errorTypes.invalidPublicKeyCredential]:
    'public_key_credential is not a valid credential for this ceremony: not JSON in the PublicKeyCredential shape, from an origin the project does not allow, or its attestation does not verify.',
  [errorTypes.unableToAuthWebauthn]:
    "The passkey's assertion did not verify: a wrong signature, a signature counter that did not move forward, missing user verification, or another user's passkey.",
  [errorTypes.duplicateWebauthnRegistration]: 'This passkey (credential) is already registered in the project. Use it to sign in, or create another passkey.',
  [errorTypes.webauthnChallengeNotFound]:
    'The challenge of this passkey ceremony is unknown, has expired (5 minutes) or was already used. Start the ceremony again.',
  [errorTypes.domainNotAllowed]: "The domain (WebAuthn RP ID) is not the host of one of the project's allowed origins, nor a parent domain of one.",
  [errorTypes.biometricRegistrationNotFound]: 'The user has no biometric registration with that id.',
  [errorTypes.impersonationTokenNotFound]: 'The impersonation token is unknown, expired, for another project, or already used.',
  [errorTypes.tooManyRequests]: 'Too many requests. Wait for the number of seconds in Retry-After.',
  [errorTypes.emailSendFailed]: 'The email could not be sent. Try again shortly; operators should check SMTP_URL.',
  [errorTypes.smsSendFailed]: 'The text message could not be sent. Try again shortly; operators should check the TWILIO_* settings.',
  [errorTypes.unableToAuthMagicLink]: 'The magic link or reset token is wrong, expired or already used. Request a new email.',
  [errorTypes.pkceMismatch]: 'The code_verifier does not match the code_challenge the link was requested with (or one of them is missing).',
  [errorTypes.invalidRedirectUrl]: "The redirect URL is not on the project's allow-list, or no default redirect URL is set.",
  [errorTypes.resetPassword]:
    'The password must be reset before it can be used. The message says whether a reset email was sent (only with a default reset or login redirect URL); if not, call /passwords/email/reset/start.',
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
  [errorTypes.faucetMintReverted]:
    "The devnet refused the faucet's mint of test USDXM: the token contract reverted, when the mint was signed or once it was mined, and error_message says why (such as the faucet's signer no longer owning the test stablecoin after the devnet's state was changed by hand). Nothing was sent, and the address may ask again once that is fixed.",
  [errorTypes.serviceUnavailable]: 'A dependency is unavailable. Try again shortly.',
  [errorTypes.internalServerError]: 'Something went wrong on our side. Quote the request_id when reporting it.',
  [errorTypes.authorizationPending]: 'CLI sign-in (RFC 8628): the developer has not approved the code yet. Poll again after `interval` seconds.',
  [errorTypes.slowDown]: 'CLI sign-in (RFC 8628): you polled faster than `interval`. Wait 5 more seconds between polls.',
  [errorTypes.accessDenied]: 'CLI sign-in: the developer denied the request. Start again with `keepsake login`.',
  [errorTypes.expiredToken]: 'CLI sign-in: the device code expired. Start again with `keepsake login`.',
  [errorTypes.invalidGrant]: 'CLI sign-in: the code is unknown, already used, or its verifier or redirect URI does not match.',
  [errorTypes.oidcClientNotFound]: 'Identity provider: no connected app of this project has that client_id. Register it in the console (Connected apps).',
  [errorTypes.invalidRedirectUri]: "Identity provider: redirect_uri is not one of the connected app's registered redirect URIs (exact match).",
  [errorTypes.invalidPostLogoutRedirectUri]: "Identity provider: post_logout_redirect_uri is not one of the connected app's registered URIs (exact match).",
  [errorTypes.unsupportedResponseType]: 'Identity provider: only response_type=code (the authorization code flow) is supported.',
  [errorTypes.codeChallengeRequired]: 'Identity provider: a public connected app must send a PKCE code_challenge with code_challenge_method=S256.',
  [errorTypes.invalidIdTokenHint]: 'Identity provider: id_token_hint is not an ID token this project issued to that client.',
  [errorTypes.identityProviderNotConfigured]:
    "Identity provider: the project has no authorization URL yet (the developer's page hosting the widget in IdP-consent mode). Set it in the console (Connected apps).",
  [errorTypes.identityProviderNotFound]:
    'Identity provider: no project has the id in the issuer URL ({PUBLIC_URL}/v1/public/{project_id}). Check the project id (console, project settings).',
};
