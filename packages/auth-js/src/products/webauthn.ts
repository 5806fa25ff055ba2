// `client.webauthn` (spec §7 Passkeys): register (start, the browser's navigator.credentials.create, register),
// authenticate (start primary, or secondary with a session, the browser's navigator.credentials.get, authenticate),
// passkey autofill (conditional mediation) with its retries (§9), rename, and the autofill support check. The
// options and the credential travel as JSON text with binary fields in base64url, as the Stytch clients send them.
import { defineProduct, type AuthCore } from '../core/product.ts';
import { checkField, checkOptions, compact } from '../core/validate.ts';
import { PASSKEY_NOT_CREATED, PASSKEY_SIGN_IN_FAILED, PasskeyAlreadyRegisteredError, PasskeyCeremonyError } from '../errors.ts';
import type {
  authenticationCredentialSchema,
  registrationCredentialSchema,
  webauthnAuthenticateBody,
  webauthnAuthenticateResponse,
  webauthnAuthenticateStartBody,
  webauthnAuthenticateStartResponse,
  webauthnRegisterBody,
  webauthnRegisterResponse,
  webauthnRegisterStartBody,
  webauthnRegisterStartResponse,
  webauthnUpdateBody,
  webauthnUpdateResponse,
} from '@keepsake/wire/sdk/webauthn';
import type { z } from 'zod';
import type { SdkData } from '../types.ts';

type RegisterStartBody = z.input<typeof webauthnRegisterStartBody>;

/** Spec §7 passkey registration: the domain (default: the page's host), a passkey or a second-factor key, overrides. */
export type WebauthnRegisterOptions = Partial<
  Pick<RegisterStartBody, 'domain' | 'authenticator_type' | 'override_id' | 'override_name' | 'override_display_name'>
> & {
  /** A passkey (discoverable, with user verification) rather than a second-factor security key. */
  is_passkey?: boolean;
  /** Moves the session's expiry to now + minutes. */
  session_duration_minutes?: number;
};

/** Spec §7 passkey sign-in (`session_duration_minutes` required, §5). */
export type WebauthnAuthenticateOptions = Pick<z.input<typeof webauthnAuthenticateBody>, 'session_duration_minutes'> & {
  domain?: string;
  is_passkey?: boolean;
  /** Passkey autofill: the browser offers passkeys in the suggestions of an `<input autocomplete="… webauthn">`. */
  conditional_mediation?: boolean;
  /** Aborts the browser's part (for autofill: when the page moves on). */
  signal?: AbortSignal;
};

/** {@link WebauthnApi.autofill}: sign-in options, and who hears each failed try before the next. */
export type WebauthnAutofillOptions = Omit<WebauthnAuthenticateOptions, 'conditional_mediation'> & { onError?: (error: unknown) => void };

export type WebauthnRegisterResponse = SdkData<typeof webauthnRegisterResponse>;
export type WebauthnAuthenticateResponse = SdkData<typeof webauthnAuthenticateResponse>;
export type WebauthnUpdateResponse = SdkData<typeof webauthnUpdateResponse>;

/** Spec §9: passkey autofill is offered up to 5 times. */
export const AUTOFILL_TRIES = 5;
/** Spec §8, logged when autofill cannot run (the call then answers null). */
export const NO_WEBAUTHN_INPUT = 'No <input> with "webauthn" in its autocomplete attribute was detected.';
export const NO_AUTOFILL_SUPPORT = 'Browser does not support WebAuthn autofill.';

/** `client.webauthn`. */
export type WebauthnApi = {
  /**
   * Creates a passkey for the signed-in user and adds the factor to the session. Call it from a user gesture.
   * @throws NoSessionError; PasskeyAlreadyRegisteredError, PasskeyCeremonyError (spec §8 texts); ApiError
   * @example
   * await client.webauthn.register({ is_passkey: true, session_duration_minutes: 60 });
   */
  register(options?: WebauthnRegisterOptions): Promise<WebauthnRegisterResponse>;
  /**
   * Signs in with a passkey (or, with a session, steps it up). With `conditional_mediation`, the browser offers
   * passkeys in the autofill of an `<input autocomplete="username webauthn">`; without support or such an input it
   * logs the spec §8 message and answers null.
   * @throws PasskeyCeremonyError (cancelled, aborted: spec §8 text); ApiError
   * @example
   * const controller = new AbortController();
   * await client.webauthn.authenticate({ session_duration_minutes: 60, conditional_mediation: true, signal: controller.signal });
   */
  authenticate(options: WebauthnAuthenticateOptions): Promise<WebauthnAuthenticateResponse | null>;
  /**
   * Passkey autofill that tries again after a failure (a passkey deleted from the account, a cancelled prompt), up
   * to {@link AUTOFILL_TRIES} times in all (spec §9); aborting `signal` (or starting another passkey ceremony) ends
   * it with null. Rejects with the last failure once the tries are used up.
   * @example
   * void client.webauthn.autofill({ session_duration_minutes: 60, onError: (e) => show(e) });
   */
  autofill(options: WebauthnAutofillOptions): Promise<WebauthnAuthenticateResponse | null>;
  /**
   * Renames one of the user's passkeys.
   * @example
   * await client.webauthn.update({ webauthn_registration_id: id, name: 'Work laptop' });
   */
  update(options: { webauthn_registration_id: string } & z.input<typeof webauthnUpdateBody>): Promise<WebauthnUpdateResponse>;
  /** Whether the browser offers passkeys in autofill (conditional mediation). */
  browserSupportsAutofill(): Promise<boolean>;
};

const toBytes = (text: string): Uint8Array<ArrayBuffer> => {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((text.length + 3) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
};

const toText = (buffer: ArrayBuffer): string => {
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

type Descriptor = { id: string; type: PublicKeyCredentialType; transports?: AuthenticatorTransport[] };
const descriptors = (list: Descriptor[] | undefined) => list?.map((d) => ({ ...d, id: toBytes(d.id) }));

function creationOptions(text: string): PublicKeyCredentialCreationOptions {
  const json = JSON.parse(text) as PublicKeyCredentialCreationOptions & { challenge: string; user: { id: string }; excludeCredentials?: Descriptor[] };
  return {
    ...json,
    challenge: toBytes(json.challenge),
    user: { ...json.user, id: toBytes(json.user.id) },
    excludeCredentials: descriptors(json.excludeCredentials),
  };
}

function requestOptions(text: string): PublicKeyCredentialRequestOptions {
  const json = JSON.parse(text) as PublicKeyCredentialRequestOptions & { challenge: string; allowCredentials?: Descriptor[] };
  return { ...json, challenge: toBytes(json.challenge), allowCredentials: descriptors(json.allowCredentials) };
}

function credentialCommon(credential: PublicKeyCredential) {
  return {
    id: credential.id,
    rawId: toText(credential.rawId),
    type: 'public-key' as const,
    authenticatorAttachment: credential.authenticatorAttachment as 'platform' | 'cross-platform' | null,
    clientExtensionResults: credential.getClientExtensionResults() as Record<string, unknown>,
  };
}

function attestationJson(credential: PublicKeyCredential): z.input<typeof registrationCredentialSchema> {
  const response = credential.response as AuthenticatorAttestationResponse;
  return {
    ...credentialCommon(credential),
    response: {
      clientDataJSON: toText(response.clientDataJSON),
      attestationObject: toText(response.attestationObject),
      transports: response.getTransports?.() ?? [],
    },
  };
}

function assertionJson(credential: PublicKeyCredential): z.input<typeof authenticationCredentialSchema> {
  const response = credential.response as AuthenticatorAssertionResponse;
  return {
    ...credentialCommon(credential),
    response: {
      clientDataJSON: toText(response.clientDataJSON),
      authenticatorData: toText(response.authenticatorData),
      signature: toText(response.signature),
      userHandle: response.userHandle ? toText(response.userHandle) : null,
    },
  };
}

const errorName = (error: unknown): string | undefined => {
  const name = (error as { name?: unknown } | null)?.name;
  return typeof name === 'string' ? name : undefined;
};

/**
 * The passkey product. Pass it to `createAuthClient({ products: [webauthn] })`.
 * @example
 * import { webauthn } from '@keepsake/auth-js/webauthn';
 */
export const webauthn = defineProduct('webauthn', (core: AuthCore): WebauthnApi => {
  // One browser ceremony at a time: a new one aborts the one before (a pending autofill request would otherwise make
  // the browser refuse the modal prompt a button asks for).
  let current: AbortController | undefined;
  function ceremonySignal(signal: AbortSignal | undefined): AbortSignal {
    current?.abort(new DOMException('Another passkey ceremony started.', 'AbortError'));
    const controller = new AbortController();
    current = controller;
    if (signal?.aborted) controller.abort(signal.reason);
    else signal?.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
    return controller.signal;
  }

  async function ceremony(run: (signal: AbortSignal) => Promise<Credential | null>, signal: AbortSignal | undefined, failure: string) {
    if (typeof navigator === 'undefined' || !navigator.credentials || typeof PublicKeyCredential === 'undefined') {
      throw new PasskeyCeremonyError(failure, 'NotSupportedError');
    }
    const own = ceremonySignal(signal);
    let credential: Credential | null;
    try {
      credential = await run(own);
    } catch (error) {
      if (errorName(error) === 'InvalidStateError' && failure === PASSKEY_NOT_CREATED) throw new PasskeyAlreadyRegisteredError(error);
      throw new PasskeyCeremonyError(failure, own.aborted ? 'AbortError' : (errorName(error) ?? 'UnknownError'), error);
    }
    if (!credential) throw new PasskeyCeremonyError(failure, 'NotAllowedError');
    return credential as PublicKeyCredential;
  }

  const browserSupportsAutofill = async () =>
    typeof PublicKeyCredential !== 'undefined' && typeof PublicKeyCredential.isConditionalMediationAvailable === 'function'
      ? PublicKeyCredential.isConditionalMediationAvailable()
      : false;

  async function authenticate(options: WebauthnAuthenticateOptions): Promise<WebauthnAuthenticateResponse | null> {
    checkOptions('webauthn.authenticate', options, {
      session_duration_minutes: { kind: 'integer', required: true },
      domain: 'string',
      is_passkey: 'boolean',
      conditional_mediation: 'boolean',
      signal: 'object',
    });
    const conditional = options.conditional_mediation === true;
    if (conditional) {
      if (!(await browserSupportsAutofill())) {
        console.error(NO_AUTOFILL_SUPPORT);
        return null;
      }
      if (!document.querySelector("input[autocomplete*='webauthn']")) {
        console.error(NO_WEBAUTHN_INPUT);
        return null;
      }
    }
    const start = await core.transport.request<SdkData<typeof webauthnAuthenticateStartResponse>>({
      method: 'POST',
      path: core.session.hasSession() ? '/webauthn/authenticate/start/secondary' : '/webauthn/authenticate/start/primary',
      body: compact({
        domain: options.domain ?? window.location.hostname,
        return_passkey_credential_options: options.is_passkey,
      } satisfies z.input<typeof webauthnAuthenticateStartBody>),
    });
    const publicKey = requestOptions(start.public_key_credential_request_options);
    const credential = await ceremony(
      (signal) => navigator.credentials.get({ publicKey, signal, ...(conditional ? { mediation: 'conditional' as CredentialMediationRequirement } : {}) }),
      options.signal,
      PASSKEY_SIGN_IN_FAILED,
    );
    const data = await core.transport.request<WebauthnAuthenticateResponse>({
      method: 'POST',
      path: '/webauthn/authenticate',
      body: {
        public_key_credential: JSON.stringify(assertionJson(credential)),
        session_duration_minutes: options.session_duration_minutes,
      } satisfies z.input<typeof webauthnAuthenticateBody>,
    });
    core.session.update(data);
    return data;
  }

  return {
    async register(options = {}) {
      checkOptions('webauthn.register', options, {
        domain: 'string',
        authenticator_type: 'string',
        is_passkey: 'boolean',
        session_duration_minutes: 'integer',
        override_id: 'string',
        override_name: 'string',
        override_display_name: 'string',
      });
      core.session.requireSession();
      const start = await core.transport.request<SdkData<typeof webauthnRegisterStartResponse>>({
        method: 'POST',
        path: '/webauthn/register/start',
        body: compact({
          domain: options.domain ?? window.location.hostname,
          authenticator_type: options.authenticator_type,
          return_passkey_credential_options: options.is_passkey,
          override_id: options.override_id,
          override_name: options.override_name,
          override_display_name: options.override_display_name,
          user_agent: navigator.userAgent.slice(0, 512),
        } satisfies RegisterStartBody),
      });
      const publicKey = creationOptions(start.public_key_credential_creation_options);
      const credential = await ceremony((signal) => navigator.credentials.create({ publicKey, signal }), undefined, PASSKEY_NOT_CREATED);
      const data = await core.transport.request<WebauthnRegisterResponse>({
        method: 'POST',
        path: '/webauthn/register',
        body: compact({
          public_key_credential: JSON.stringify(attestationJson(credential)),
          session_duration_minutes: options.session_duration_minutes,
        } satisfies z.input<typeof webauthnRegisterBody>),
      });
      core.session.update(data);
      return data;
    },

    authenticate,

    async autofill(options) {
      checkOptions('webauthn.autofill', options, { onError: 'function' });
      const { onError, ...rest } = options;
      for (let attempt = 1; ; attempt++) {
        try {
          return await authenticate({ ...rest, conditional_mediation: true });
        } catch (error) {
          // Aborted by the caller or by a newer ceremony (a passkey button): that one takes over.
          if (error instanceof PasskeyCeremonyError && error.reason === 'AbortError') return null;
          if (attempt >= AUTOFILL_TRIES) throw error;
          onError?.(error);
        }
      }
    },

    async update(options) {
      checkOptions('webauthn.update', options, { webauthn_registration_id: { kind: 'string', required: true }, name: { kind: 'string', required: true } });
      checkField('webauthn.update', 'name', options.name.trim(), 'string', true);
      core.session.requireSession();
      const data = await core.transport.request<WebauthnUpdateResponse>({
        method: 'PUT',
        path: `/webauthn/update/${encodeURIComponent(options.webauthn_registration_id)}`,
        body: { name: options.name } satisfies z.input<typeof webauthnUpdateBody>,
      });
      core.session.setUser(data.user);
      return data;
    },

    browserSupportsAutofill,
  };
});
