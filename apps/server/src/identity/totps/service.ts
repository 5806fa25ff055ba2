import { randomBytes, randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { AppContext } from '../../context.ts';
import { ResourceNotFoundError, StateConflictError, UnauthenticatedError } from '../../platform/domain-errors.ts';
import { errorTypes } from '../../platform/error-types.ts';
import { hmacHex, seal, unseal } from '../../platform/secrets.ts';
import type { SessionService } from '../sessions/service.ts';
import type { SignInKit } from '../sign-in.ts';
import type { Tenant } from '../tenants.ts';
import { consumeRecoveryCode, findUsableTotp, findVerifiedTotp, insertTotp, replaceRecoveryCodes, useTotpCounter, type TotpRow } from './store.ts';

/** RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, 30-second steps. */
const TOTP_PARAMS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** Codes of the previous and next step are accepted too (clock drift); each step's code works once. */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** Unverified TOTPs expire (spec §7 `expiration_minutes`): default one day, 5 to 1440 minutes. */
export const DEFAULT_TOTP_EXPIRATION_MINUTES = 1440;

const recoveryAlphabet = 'abcdefghijkmnopqrstuvwxyz23456789';

/** `xxxx-xxxx-xxxx` from a 33-letter alphabet: about 60 bits each. */
export function newRecoveryCode(): string {
  const bytes = randomBytes(12);
  const chars = [...bytes].map((b) => recoveryAlphabet[b % recoveryAlphabet.length]);
  return [chars.slice(0, 4), chars.slice(4, 8), chars.slice(8, 12)].map((g) => g.join('')).join('-');
}

function normaliseRecoveryCode(code: string): string {
  return code.trim().toLowerCase();
}

type Attempt = {
  tenant: Tenant;
  sessionToken: string | undefined;
  intermediateToken: string | undefined;
  sessionDurationMinutes: number | undefined;
  ip: string;
  userAgent: string | undefined;
};

/** The TOTP code is wrong, outside its window, or replayed: 401 `unable_to_auth_totp_code`. */
export class InvalidTotpCodeError extends UnauthenticatedError {
  constructor() {
    super('The TOTP code is incorrect, has expired or was already used.', errorTypes.invalidTotpCode);
  }
}

/** The recovery code is wrong or used: 401 `unable_to_auth_recovery_code`. */
export class InvalidRecoveryCodeError extends UnauthenticatedError {
  constructor() {
    super('The recovery code is incorrect or was already used.', errorTypes.invalidRecoveryCode);
  }
}

/** The user has no TOTP authenticator: 404 `totp_not_found`. */
export class TotpNotFoundError extends ResourceNotFoundError {
  constructor() {
    super('This user has no TOTP authenticator.', errorTypes.totpNotFound);
  }
}

/** The user already has a verified TOTP: 409 `active_totp_exists`. */
export class ActiveTotpExistsError extends StateConflictError {
  constructor() {
    super('This user already has a TOTP authenticator. Delete it before creating another.', errorTypes.activeTotpExists);
  }
}

export function createTotpService(ctx: AppContext, deps: { sessions: SessionService; kit: SignInKit }) {
  const { lockout } = deps.kit;
  const recoveryHash = (userId: string, code: string) => hmacHex(ctx.keys.hmac, `totp-recovery:${userId}:${normaliseRecoveryCode(code)}`);

  function totpFor(row: TotpRow, issuer: string, label: string): TOTP {
    return new TOTP({ ...TOTP_PARAMS, issuer, label, secret: Secret.fromBase32(unseal(ctx.keys.master, row.sealedSecret)) });
  }

  function newRecoveryCodes(userId: string) {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    return { codes, hashes: codes.map((code) => ({ id: randomUUID(), codeHash: recoveryHash(userId, code) })) };
  }

  const invalidCode = () => new InvalidTotpCodeError();

  return {
    /**
     * Creates an unverified TOTP for the signed-in user: the secret, an otpauth:// QR code and recovery codes,
     * shown only in this response. The first successful totps/authenticate verifies it.
     * @throws SessionNotFoundError; ActiveTotpExistsError (active_totp_exists) when the user already has a verified TOTP.
     */
    async create(tenant: Tenant, sessionToken: string, expirationMinutes: number | undefined) {
      const { user, wire } = await deps.sessions.currentUser(tenant, sessionToken);
      if (await findVerifiedTotp(ctx.db, tenant.projectId, user.id)) {
        throw new ActiveTotpExistsError();
      }
      const secret = new Secret({ size: 20 });
      const totp = new TOTP({ ...TOTP_PARAMS, issuer: tenant.name, label: wire.emails[0]?.email ?? user.id, secret });
      const id = randomUUID();
      const { codes, hashes } = newRecoveryCodes(user.id);
      await insertTotp(
        ctx.db,
        {
          id,
          projectId: tenant.projectId,
          userId: user.id,
          sealedSecret: seal(ctx.keys.master, secret.base32),
          expiresAt: new Date(Date.now() + (expirationMinutes ?? DEFAULT_TOTP_EXPIRATION_MINUTES) * 60_000),
        },
        hashes,
      );
      return {
        totp_id: id,
        secret: secret.base32,
        qr_code: await QRCode.toDataURL(totp.toString()),
        recovery_codes: codes,
        user_id: user.id,
        user: await deps.sessions.wireUser(tenant, user.id),
      };
    },

    /**
     * Checks a TOTP code as a second factor (intermediate session) or a step-up (session), issuing a new session.
     * @throws InvalidTotpCodeError (wrong, outside the window, or replayed); TotpNotFoundError; UserLockedError; SessionNotFoundError, IntermediateSessionNotFoundError.
     */
    async authenticate(attempt: Attempt & { code: string }) {
      await deps.kit.limitAuth(attempt.ip);
      const flow = await deps.sessions.secondFactor(attempt.tenant, { intermediate: attempt.intermediateToken, session: attempt.sessionToken });
      lockout.assertNotLocked(flow.user);
      const row = await findUsableTotp(ctx.db, attempt.tenant.projectId, flow.user.id);
      if (!row) throw new TotpNotFoundError();
      const totp = totpFor(row, attempt.tenant.name, flow.user.id);
      const timestamp = Date.now();
      const delta = totp.validate({ token: attempt.code, timestamp, window: TOTP_WINDOW });
      if (delta === null) {
        await lockout.failed(flow.user.id);
        throw invalidCode();
      }
      if (!(await useTotpCounter(ctx.db, row.id, totp.counter({ timestamp }) + delta))) throw invalidCode();
      await lockout.succeeded(flow.user.id);
      const result = await flow.complete(
        { type: 'totp', delivery_method: 'authenticator_app', last_authenticated_at: new Date().toISOString(), authenticator_app_factor: { totp_id: row.id } },
        { durationMinutes: attempt.sessionDurationMinutes, ipAddress: attempt.ip, userAgent: attempt.userAgent },
      );
      return { ...result, totp_id: row.id };
    },

    /**
     * New recovery codes for the signed-in user's TOTP (only hashes are kept, so earlier codes cannot be shown
     * again; asking for them replaces them: docs/decisions/015).
     * @throws SessionNotFoundError
     */
    async recoveryCodes(tenant: Tenant, sessionToken: string) {
      const { user } = await deps.sessions.currentUser(tenant, sessionToken);
      const row = await findUsableTotp(ctx.db, tenant.projectId, user.id);
      if (!row) return { user_id: user.id, totps: [] };
      const { codes, hashes } = newRecoveryCodes(user.id);
      await replaceRecoveryCodes(ctx.db, row.id, user.id, hashes);
      return { user_id: user.id, totps: [{ totp_id: row.id, verified: row.verified, recovery_codes: codes }] };
    },

    /**
     * Uses a recovery code in place of a TOTP code (single use).
     * @throws InvalidRecoveryCodeError; UserLockedError; SessionNotFoundError, IntermediateSessionNotFoundError.
     */
    async recover(attempt: Attempt & { recoveryCode: string }) {
      await deps.kit.limitAuth(attempt.ip);
      const flow = await deps.sessions.secondFactor(attempt.tenant, { intermediate: attempt.intermediateToken, session: attempt.sessionToken });
      lockout.assertNotLocked(flow.user);
      const codeId = await consumeRecoveryCode(ctx.db, flow.user.id, recoveryHash(flow.user.id, attempt.recoveryCode));
      if (!codeId) {
        await lockout.failed(flow.user.id);
        throw new InvalidRecoveryCodeError();
      }
      await lockout.succeeded(flow.user.id);
      const result = await flow.complete(
        {
          type: 'recovery_codes',
          delivery_method: 'recovery_code',
          last_authenticated_at: new Date().toISOString(),
          recovery_code_factor: { totp_recovery_code_id: codeId },
        },
        { durationMinutes: attempt.sessionDurationMinutes, ipAddress: attempt.ip, userAgent: attempt.userAgent },
      );
      const row = await findUsableTotp(ctx.db, attempt.tenant.projectId, flow.user.id);
      return { ...result, totp_id: row?.id ?? '' };
    },
  };
}

export type TotpService = ReturnType<typeof createTotpService>;
