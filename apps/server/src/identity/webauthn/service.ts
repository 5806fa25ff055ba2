import { randomUUID } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransport,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import type { z } from 'zod';
import type { AuthenticationFactor } from '@keepsake/db/schema';
import { authenticationCredentialSchema, registrationCredentialSchema } from '@keepsake/wire/sdk/webauthn';
import type { AppContext } from '../../context.ts';
import { sha256Hex } from '../../platform/secrets.ts';
import { SessionNotFoundError, type SessionService } from '../sessions/service.ts';
import { isUuid, type SignInCaller, type SignInKit } from '../sign-in.ts';
import type { Tenant } from '../tenants.ts';
import type { UserRow } from '../users/directory.ts';
import { passkeyDefaultName } from './device-name.ts';
import {
  DomainNotAllowedError,
  DuplicateWebauthnRegistrationError,
  InvalidPublicKeyCredentialError,
  NoActiveSessionError,
  PasskeySessionNotFoundError,
  UnableToAuthWebauthnError,
  WebauthnChallengeNotFoundError,
  WebauthnRegistrationNotFoundError,
} from './errors.ts';
import { allowedRpId, ceremonyOriginAllowed } from './relying-party.ts';
import {
  consumeChallenge,
  findRegistrationByCredentialId,
  insertChallenge,
  insertRegistration,
  listUserRegistrations,
  recordAssertion,
  renameRegistration,
  type WebauthnChallengeRow,
  type WebauthnRegistrationRow,
} from './store.ts';

/** How long a ceremony may take: the browser's timeout, and how long the server keeps its challenge. */
export const CEREMONY_TIMEOUT_MS = 5 * 60_000;
/**
 * Public key algorithms offered and accepted, most preferred first: ES256, EdDSA, RS256 (COSE ids). The library's
 * default would put ML-DSA-44 first where Node has it, on an API Node still marks experimental.
 */
export const SUPPORTED_ALGORITHMS = [-7, -8, -257];

type UserVerification = WebauthnChallengeRow['userVerification'];

export type RegisterStartInput = {
  domain: string;
  authenticatorType: 'platform' | 'cross-platform' | undefined;
  passkey: boolean;
  overrideId: string | undefined;
  overrideName: string | undefined;
  overrideDisplayName: string | undefined;
  userAgent: string | undefined;
};

/** A passkey as the wire shows it. */
export function presentRegistration(row: WebauthnRegistrationRow) {
  return {
    webauthn_registration_id: row.id,
    name: row.name,
    domain: row.rpId,
    user_agent: row.userAgent,
    authenticator_type: row.authenticatorType,
    verified: row.verified,
  };
}

function webauthnFactor(row: WebauthnRegistrationRow): AuthenticationFactor {
  return {
    type: 'webauthn',
    delivery_method: 'webauthn_registration',
    last_authenticated_at: new Date().toISOString(),
    webauthn_factor: { webauthn_registration_id: row.id, domain: row.rpId, user_agent: row.userAgent },
  };
}

/** `public_key_credential` (JSON text) in the shape `schema` names. @throws InvalidPublicKeyCredentialError */
function parseCredential<S extends z.ZodType>(schema: S, text: string): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new InvalidPublicKeyCredentialError('public_key_credential must be JSON text (JSON.stringify of the credential).');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InvalidPublicKeyCredentialError(`${issue?.path.join('.') || 'credential'}: ${issue?.message ?? 'not a PublicKeyCredential'}.`);
  }
  return parsed.data;
}

/** The client data the browser signed: its type, challenge and origin. @throws InvalidPublicKeyCredentialError */
function clientDataOf(clientDataJSON: string, type: 'webauthn.create' | 'webauthn.get') {
  let data: ReturnType<typeof decodeClientDataJSON>;
  try {
    data = decodeClientDataJSON(clientDataJSON);
  } catch {
    throw new InvalidPublicKeyCredentialError('response.clientDataJSON is not base64url JSON.');
  }
  if (data?.type !== type || typeof data.challenge !== 'string' || typeof data.origin !== 'string') {
    throw new InvalidPublicKeyCredentialError(`response.clientDataJSON must be of type ${type} with a challenge and an origin.`);
  }
  return data;
}

/** Credential ids are compared in unpadded base64url, the form the browser's id takes. */
const unpadded = (id: string) => id.replace(/=+$/, '');

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);

/**
 * Passkeys and WebAuthn (spec §7 /webauthn; docs/decisions/094): registration for a signed-in user, sign-in with a
 * passkey (primary) or as a step-up of a session (secondary), renaming. Challenges are stored hashed, used once,
 * and expire with the ceremony.
 */
export function createWebauthnService(
  ctx: AppContext,
  deps: { sessions: SessionService; kit: SignInKit; findUser: (projectId: string, userId: string) => Promise<UserRow | undefined> },
) {
  /** The live session of a passkey registration, with the §6 text when there is none. */
  async function activeSession(caller: SignInCaller) {
    if (!caller.sessionToken) throw new NoActiveSessionError();
    try {
      return { token: caller.sessionToken, ...(await deps.sessions.currentUser(caller.tenant, caller.sessionToken)) };
    } catch (error) {
      if (error instanceof SessionNotFoundError) throw new PasskeySessionNotFoundError();
      throw error;
    }
  }

  function rpIdFor(tenant: Tenant, domain: string): string {
    const rpId = allowedRpId(tenant, domain, ctx.config.publicUrl);
    if (!rpId) throw new DomainNotAllowedError(domain);
    return rpId;
  }

  async function storeChallenge(
    tenant: Tenant,
    values: { challenge: string; kind: WebauthnChallengeRow['kind']; userId: string | null; rpId: string; userVerification: UserVerification } & Partial<
      Pick<WebauthnChallengeRow, 'userHandle' | 'userAgent'>
    >,
  ) {
    const { challenge, ...rest } = values;
    await insertChallenge(ctx.db, {
      id: randomUUID(),
      projectId: tenant.projectId,
      challengeHash: sha256Hex(challenge),
      expiresAt: new Date(Date.now() + CEREMONY_TIMEOUT_MS),
      ...rest,
    });
  }

  /** Uses up the challenge the browser signed. @throws WebauthnChallengeNotFoundError when unknown, used or expired. */
  async function takeChallenge(tenant: Tenant, kind: WebauthnChallengeRow['kind'], challenge: string): Promise<WebauthnChallengeRow> {
    const row = await consumeChallenge(ctx.db, tenant.projectId, kind, sha256Hex(challenge));
    if (!row || row.expiresAt.getTime() <= Date.now()) throw new WebauthnChallengeNotFoundError();
    return row;
  }

  function checkOrigin(tenant: Tenant, origin: string, rpId: string): void {
    if (!ceremonyOriginAllowed(tenant, origin, rpId, ctx.config.publicUrl)) {
      throw new InvalidPublicKeyCredentialError(`the page origin ${origin.slice(0, 200)} is not allowed for this project's passkeys on ${rpId}.`);
    }
  }

  return {
    /**
     * Creation options for a new passkey of the signed-in user, as JSON text.
     * @throws NoActiveSessionError, PasskeySessionNotFoundError, DomainNotAllowedError
     */
    async registerStart(caller: SignInCaller, input: RegisterStartInput) {
      const { user, wire } = await activeSession(caller);
      const rpId = rpIdFor(caller.tenant, input.domain);
      await deps.kit.limitChallenge(caller.ip);
      const existing = await listUserRegistrations(ctx.db, caller.tenant.projectId, user.id);
      const userHandle = new TextEncoder().encode(input.overrideId ?? user.id);
      const accountName = wire.emails[0]?.email ?? wire.phone_numbers[0]?.phone_number ?? user.id;
      const fullName = [wire.name.first_name, wire.name.last_name].filter(Boolean).join(' ');
      const userVerification: UserVerification = input.passkey ? 'required' : 'preferred';
      const options = await generateRegistrationOptions({
        rpName: caller.tenant.name,
        rpID: rpId,
        userID: userHandle,
        userName: input.overrideName || accountName,
        userDisplayName: input.overrideDisplayName || fullName || input.overrideName || accountName,
        timeout: CEREMONY_TIMEOUT_MS,
        attestationType: 'none',
        supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
        excludeCredentials: existing.map((r) => ({ id: r.credentialId, transports: r.transports })),
        authenticatorSelection: {
          residentKey: input.passkey ? 'required' : 'discouraged',
          requireResidentKey: input.passkey,
          userVerification,
          ...(input.authenticatorType ? { authenticatorAttachment: input.authenticatorType } : {}),
        },
      });
      await storeChallenge(caller.tenant, {
        challenge: options.challenge,
        kind: 'register',
        userId: user.id,
        rpId,
        userVerification,
        userHandle: options.user.id,
        userAgent: (input.userAgent ?? caller.userAgent ?? '').slice(0, 512),
      });
      return { user_id: user.id, public_key_credential_creation_options: JSON.stringify(options) };
    },

    /**
     * Verifies the browser's new credential and stores it for the signed-in user; the webauthn factor joins the
     * session (which keeps its token).
     * @throws NoActiveSessionError, PasskeySessionNotFoundError, InvalidPublicKeyCredentialError,
     *   WebauthnChallengeNotFoundError, DuplicateWebauthnRegistrationError (spec §8 text)
     */
    async register(caller: SignInCaller & { credential: string; sessionDurationMinutes: number | undefined }) {
      const session = await activeSession(caller);
      const credential = parseCredential(registrationCredentialSchema, caller.credential);
      const clientData = clientDataOf(credential.response.clientDataJSON, 'webauthn.create');
      const challenge = await takeChallenge(caller.tenant, 'register', clientData.challenge);
      // A ceremony another user (or another session's user) started is not this one's.
      if (challenge.userId !== session.user.id) throw new WebauthnChallengeNotFoundError();
      checkOrigin(caller.tenant, clientData.origin, challenge.rpId);
      let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
      try {
        verified = await verifyRegistrationResponse({
          response: { ...credential, authenticatorAttachment: credential.authenticatorAttachment ?? undefined, clientExtensionResults: {} },
          expectedChallenge: clientData.challenge,
          expectedOrigin: clientData.origin,
          expectedRPID: challenge.rpId,
          requireUserVerification: challenge.userVerification === 'required',
          supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
        });
      } catch (error) {
        throw new InvalidPublicKeyCredentialError(messageOf(error));
      }
      if (!verified.verified) throw new InvalidPublicKeyCredentialError('the attestation did not verify.');
      const info = verified.registrationInfo;
      const userAgent = challenge.userAgent ?? '';
      const row = await insertRegistration(ctx.db, {
        id: randomUUID(),
        projectId: caller.tenant.projectId,
        userId: session.user.id,
        name: passkeyDefaultName(userAgent),
        credentialId: unpadded(info.credential.id),
        publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
        counter: info.credential.counter,
        transports: info.credential.transports ?? credential.response.transports ?? [],
        userHandle: challenge.userHandle ?? '',
        rpId: challenge.rpId,
        authenticatorType: credential.authenticatorAttachment ?? '',
        aaguid: info.aaguid,
        backupEligible: info.credentialDeviceType === 'multiDevice',
        backedUp: info.credentialBackedUp,
        userAgent,
        verified: true,
      });
      if (!row) throw new DuplicateWebauthnRegistrationError();
      const result = await deps.sessions.addFactor(
        caller.tenant,
        { id: session.sessionId, token: session.token },
        webauthnFactor(row),
        caller.sessionDurationMinutes,
      );
      if (!result) throw new PasskeySessionNotFoundError();
      return { ...result, webauthn_registration_id: row.id };
    },

    /**
     * Request options for a passkey sign-in (primary: any discoverable credential, user verification required) or
     * a step-up of the caller's session (secondary: that user's credentials), as JSON text.
     * @throws DomainNotAllowedError; secondary: NoActiveSessionError, PasskeySessionNotFoundError,
     *   WebauthnRegistrationNotFoundError when the user has no passkey for the domain.
     */
    async authenticateStart(caller: SignInCaller & { domain: string; passkey: boolean; secondary: boolean }) {
      const rpId = rpIdFor(caller.tenant, caller.domain);
      let userId: string | null = null;
      let allowCredentials: Array<{ id: string; transports: AuthenticatorTransport[] }> | undefined;
      if (caller.secondary) {
        const { user } = await activeSession(caller);
        userId = user.id;
        const mine = (await listUserRegistrations(ctx.db, caller.tenant.projectId, user.id)).filter((r) => r.rpId === rpId);
        if (mine.length === 0) throw new WebauthnRegistrationNotFoundError(`This user has no passkey for ${rpId}.`);
        allowCredentials = mine.map((r) => ({ id: r.credentialId, transports: r.transports as AuthenticatorTransport[] }));
      }
      await deps.kit.limitChallenge(caller.ip);
      const userVerification: UserVerification = caller.secondary && !caller.passkey ? 'preferred' : 'required';
      const options = await generateAuthenticationOptions({ rpID: rpId, allowCredentials, userVerification, timeout: CEREMONY_TIMEOUT_MS });
      await storeChallenge(caller.tenant, { challenge: options.challenge, kind: 'authenticate', userId, rpId, userVerification });
      return { public_key_credential_request_options: JSON.stringify(options) };
    },

    /**
     * Verifies a passkey assertion and signs in: a new session (or an intermediate one when the project requires
     * MFA), or, after a secondary start, the factor added to the caller's session.
     * @throws InvalidPublicKeyCredentialError, WebauthnChallengeNotFoundError (also for a replayed assertion),
     *   WebauthnRegistrationNotFoundError, UnableToAuthWebauthnError, UserLockedError, TooManyRequestsError
     */
    async authenticate(caller: SignInCaller & { credential: string; sessionDurationMinutes: number }) {
      await deps.kit.limitAuth(caller.ip);
      const credential = parseCredential(authenticationCredentialSchema, caller.credential);
      const clientData = clientDataOf(credential.response.clientDataJSON, 'webauthn.get');
      const challenge = await takeChallenge(caller.tenant, 'authenticate', clientData.challenge);
      const registration = await findRegistrationByCredentialId(ctx.db, caller.tenant.projectId, unpadded(credential.rawId));
      if (!registration || unpadded(credential.id) !== registration.credentialId) throw new WebauthnRegistrationNotFoundError();
      if (challenge.userId !== null && registration.userId !== challenge.userId) {
        throw new UnableToAuthWebauthnError('this passkey belongs to another user than the session.');
      }
      const handle = credential.response.userHandle;
      if (handle && registration.userHandle && unpadded(handle) !== unpadded(registration.userHandle)) {
        throw new UnableToAuthWebauthnError('the user handle does not match the registration.');
      }
      const user = await deps.findUser(caller.tenant.projectId, registration.userId);
      if (!user) throw new WebauthnRegistrationNotFoundError();
      deps.kit.lockout.assertNotLocked(user);
      checkOrigin(caller.tenant, clientData.origin, challenge.rpId);
      let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
      try {
        verified = await verifyAuthenticationResponse({
          response: {
            ...credential,
            authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
            response: { ...credential.response, userHandle: handle ?? undefined },
            clientExtensionResults: {},
          },
          expectedChallenge: clientData.challenge,
          expectedOrigin: clientData.origin,
          expectedRPID: challenge.rpId,
          credential: {
            id: registration.credentialId,
            publicKey: isoBase64URL.toBuffer(registration.publicKey),
            counter: registration.counter,
            transports: registration.transports,
          },
          requireUserVerification: challenge.userVerification === 'required',
        });
      } catch (error) {
        await deps.kit.lockout.failed(user.id);
        throw new UnableToAuthWebauthnError(messageOf(error));
      }
      if (!verified.verified) {
        await deps.kit.lockout.failed(user.id);
        throw new UnableToAuthWebauthnError('the signature did not verify.');
      }
      const { newCounter, credentialBackedUp } = verified.authenticationInfo;
      if (!(await recordAssertion(ctx.db, registration.id, registration.counter, { counter: newCounter, backedUp: credentialBackedUp }))) {
        throw new UnableToAuthWebauthnError('the signature counter moved meanwhile (another sign-in with this passkey).');
      }
      const factor = webauthnFactor(registration);
      const attributes = { durationMinutes: caller.sessionDurationMinutes, ipAddress: caller.ip, userAgent: caller.userAgent };
      let result;
      if (challenge.userId !== null) {
        // Secondary: the factor joins the session that started the ceremony's user (a step-up, docs/decisions/080).
        if (!caller.sessionToken) throw new NoActiveSessionError();
        const flow = await deps.sessions.secondFactor(caller.tenant, { intermediate: undefined, session: caller.sessionToken });
        if (flow.user.id !== user.id) throw new UnableToAuthWebauthnError('this passkey belongs to another user than the session.');
        await deps.kit.lockout.succeeded(user.id);
        result = await flow.complete(factor, attributes);
      } else {
        result = await deps.kit.issueSession({ ...caller, sessionDurationMinutes: caller.sessionDurationMinutes }, user, factor);
      }
      return { ...result, webauthn_registration_id: registration.id };
    },

    /**
     * Renames one of the signed-in user's passkeys.
     * @throws SessionNotFoundError; WebauthnRegistrationNotFoundError when the user has no such passkey.
     */
    async update(tenant: Tenant, sessionToken: string, id: string, name: string) {
      const { user } = await deps.sessions.currentUser(tenant, sessionToken);
      const row = isUuid(id) ? await renameRegistration(ctx.db, tenant.projectId, user.id, id.toLowerCase(), name) : undefined;
      if (!row) throw new WebauthnRegistrationNotFoundError('This user has no passkey with that id.');
      return { user_id: user.id, user: await deps.sessions.wireUser(tenant, user.id), webauthn_registration: presentRegistration(row) };
    },
  };
}

export type WebauthnService = ReturnType<typeof createWebauthnService>;
