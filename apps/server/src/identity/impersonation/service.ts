import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { ResourceNotFoundError } from '../../platform/domain-errors.ts';
import { errorTypes } from '../../platform/error-types.ts';
import { randomToken, sha256Hex } from '../../platform/secrets.ts';
import type { SessionService } from '../sessions/service.ts';
import { findTenantById, type Tenant } from '../tenants.ts';
import { consumeImpersonationToken, insertImpersonationAudit, insertImpersonationToken } from './store.ts';
import { createUserDirectory } from '../users/directory.ts';

/** Tokens live 5 minutes by default, 10 at most: long enough to open the app, short enough to leak little. */
export const DEFAULT_IMPERSONATION_TOKEN_MINUTES = 5;
export const MAX_IMPERSONATION_TOKEN_MINUTES = 10;
/** An impersonated session lasts at most an hour, whatever the client asks. */
export const MAX_IMPERSONATED_SESSION_MINUTES = 60;

/** No user with that id in that project (the admin area's issue form). */
export class ImpersonationTargetNotFoundError extends ResourceNotFoundError {
  constructor() {
    super('No user with that id in that project.');
  }
}

/** The token is unknown, expired, used, or for another project: 404 `impersonation_token_not_found`. */
export class ImpersonationTokenNotFoundError extends ResourceNotFoundError {
  constructor() {
    super('The impersonation token is invalid, has expired or was already used.', errorTypes.impersonationTokenNotFound);
  }
}

export type Impersonator = { userId: string; email: string; ip: string };

/** Impersonation (docs/decisions/018): administrators issue single-use tokens; /sdk/v1 redeems them. Both audited. */
export function createImpersonationService(ctx: AppContext, sessions: SessionService) {
  const directory = createUserDirectory(ctx.db);
  return {
    /**
     * A token that signs in as `userId` of `projectId` once. Only the admin area calls this.
     * @throws ImpersonationTargetNotFoundError when the project or the user does not exist.
     */
    async issue(by: Impersonator, params: { projectId: string; userId: string; expirationMinutes?: number | undefined }) {
      const tenant = await findTenantById(ctx.db, params.projectId);
      const user = tenant ? await directory.findUser(tenant.projectId, params.userId) : undefined;
      if (!tenant || !user) throw new ImpersonationTargetNotFoundError();
      const token = randomToken(32);
      const id = randomUUID();
      const expiresAt = new Date(Date.now() + (params.expirationMinutes ?? DEFAULT_IMPERSONATION_TOKEN_MINUTES) * 60_000);
      await insertImpersonationToken(
        ctx.db,
        { id, projectId: tenant.projectId, userId: user.id, tokenHash: sha256Hex(token), issuedByUserId: by.userId, issuedByEmail: by.email, expiresAt },
        {
          id: randomUUID(),
          tokenId: id,
          action: 'issued',
          adminUserId: by.userId,
          adminEmail: by.email,
          projectId: tenant.projectId,
          targetUserId: user.id,
          ipAddress: by.ip,
        },
      );
      ctx.log.info({ adminUserId: by.userId, projectId: tenant.projectId, targetUserId: user.id, tokenId: id }, 'impersonation token issued');
      return { impersonationToken: token, tokenId: id, projectId: tenant.projectId, userId: user.id, expiresAt: expiresAt.toISOString() };
    },

    /**
     * Redeems a token for a session of its user, with an `impersonated` factor naming the administrator.
     * @throws ImpersonationTokenNotFoundError (404 impersonation_token_not_found) when unknown, expired, used, or for another project.
     */
    async authenticate(params: { tenant: Tenant; token: string; durationMinutes: number | undefined; ip: string; userAgent: string | undefined }) {
      const row = await consumeImpersonationToken(ctx.db, params.tenant.projectId, sha256Hex(params.token));
      if (!row) throw new ImpersonationTokenNotFoundError();
      const result = await sessions.issue(
        params.tenant,
        row.userId,
        [
          {
            type: 'impersonated',
            delivery_method: 'impersonation',
            last_authenticated_at: new Date().toISOString(),
            impersonated_factor: { impersonator_id: row.issuedByUserId, impersonator_email_address: row.issuedByEmail },
          },
        ],
        {
          durationMinutes: Math.min(params.durationMinutes ?? MAX_IMPERSONATED_SESSION_MINUTES, MAX_IMPERSONATED_SESSION_MINUTES),
          ipAddress: params.ip,
          userAgent: params.userAgent,
        },
      );
      await insertImpersonationAudit(ctx.db, {
        id: randomUUID(),
        tokenId: row.id,
        action: 'redeemed',
        adminUserId: row.issuedByUserId,
        adminEmail: row.issuedByEmail,
        projectId: row.projectId,
        targetUserId: row.userId,
        sessionId: result.session?.session_id ?? null,
        ipAddress: params.ip,
      });
      return result;
    },
  };
}

export type ImpersonationService = ReturnType<typeof createImpersonationService>;
