import { createHash, randomUUID } from 'node:crypto';
import type { EmailTokenKind } from '@keepsake/db/schema';
import type { AppContext } from '../../context.ts';
import { InvalidInputError, UnauthenticatedError } from '../../platform/domain-errors.ts';
import { errorTypes } from '../../platform/error-types.ts';
import { constantTimeEqual, randomToken, sha256Hex } from '../../platform/secrets.ts';
import { type SignInKit } from '../sign-in.ts';
import type { Tenant } from '../tenants.ts';
import { consumeEmailToken, countEmailTokenAttempt, findLiveEmailToken, insertEmailToken, type EmailTokenRow } from './store.ts';
import { createUserDirectory, type EmailRow, type UserRow } from '../users/directory.ts';

/** The magic link or reset token is wrong, expired or used: 401 `unable_to_auth_magic_link`. */
export class UnableToAuthMagicLinkError extends UnauthenticatedError {
  constructor() {
    super('The link is invalid, has expired or was already used. Please request a new one.', errorTypes.unableToAuthMagicLink);
  }
}

/** The code_verifier does not match, or the project requires a code_challenge and none came: 400 `pkce_mismatch`. */
export class PkceMismatchError extends InvalidInputError {
  constructor(message = 'The code_verifier does not match the code_challenge this link was requested with.') {
    super(message, errorTypes.pkceMismatch);
  }
}

/** Spec §9: the challenge is base64url(SHA-256(verifier)). */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'utf8').digest('base64url');
}

/** @throws PkceMismatchError when the project requires PKCE for this kind of link and no challenge came. */
export function assertPkcePresent(required: boolean, codeChallenge: string | undefined): void {
  if (required && !codeChallenge) {
    throw new PkceMismatchError('This project requires PKCE: send a code_challenge (base64url SHA-256 of your code_verifier).');
  }
}

/**
 * Single-use email tokens (magic links, password resets): 256-bit, stored as SHA-256, optionally bound to a PKCE
 * challenge, with a cap on wrong verifiers after which the token is burned.
 */
export function createEmailTokens(ctx: AppContext, kit: SignInKit) {
  const directory = createUserDirectory(ctx.db);
  return {
    /** Creates a token and returns it in plaintext (it goes into the email only). */
    async issue(params: {
      tenant: Tenant;
      kind: EmailTokenKind;
      userId: string;
      emailId: string;
      codeChallenge: string | undefined;
      expiresInMinutes: number;
    }): Promise<string> {
      const token = randomToken(32);
      await insertEmailToken(ctx.db, {
        id: randomUUID(),
        projectId: params.tenant.projectId,
        userId: params.userId,
        emailId: params.emailId,
        kind: params.kind,
        tokenHash: sha256Hex(token),
        codeChallenge: params.codeChallenge ?? null,
        expiresAt: new Date(Date.now() + params.expiresInMinutes * 60_000),
      });
      return token;
    },

    /**
     * Checks a token and its PKCE verifier without using it up.
     * @throws UnableToAuthMagicLinkError for an unknown, used or expired token; PkceMismatchError for a wrong or
     *   missing verifier (counted; the token burns at OTP_MAX_ATTEMPTS); UserLockedError while the user is locked.
     */
    async verify(
      tenant: Tenant,
      kind: EmailTokenKind,
      token: string,
      codeVerifier: string | undefined,
    ): Promise<{ row: EmailTokenRow; user: UserRow; email: EmailRow }> {
      const row = await findLiveEmailToken(ctx.db, tenant.projectId, kind, sha256Hex(token));
      const user = row ? await directory.findUser(tenant.projectId, row.userId) : undefined;
      const email = row ? await directory.findEmailById(tenant.projectId, row.emailId) : undefined;
      if (!row || !user || !email) throw new UnableToAuthMagicLinkError();
      kit.lockout.assertNotLocked(user);
      const matches = row.codeChallenge
        ? codeVerifier !== undefined && constantTimeEqual(pkceChallenge(codeVerifier), row.codeChallenge)
        : codeVerifier === undefined;
      if (!matches) {
        const attempts = await countEmailTokenAttempt(ctx.db, row.id);
        if (attempts === undefined) throw new UnableToAuthMagicLinkError();
        if (attempts >= ctx.config.otp.maxAttempts) await consumeEmailToken(ctx.db, row.id);
        await kit.lockout.failed(user.id);
        throw new PkceMismatchError();
      }
      return { row, user, email };
    },

    /** Uses the token up. @throws UnableToAuthMagicLinkError when another request used it first. */
    async consume(row: EmailTokenRow): Promise<void> {
      if (!(await consumeEmailToken(ctx.db, row.id))) throw new UnableToAuthMagicLinkError();
    },
  };
}

export type EmailTokens = ReturnType<typeof createEmailTokens>;
