import type { AppContext } from '../../context.ts';
import { ApiError, errorTypes, NotFoundError, UnauthorizedError } from '../../http/errors.ts';
import { SessionNotFoundError, type SessionService } from '../sessions/service.ts';
import type { SignInKit } from '../sign-in.ts';
import type { Tenant } from '../tenants.ts';
import { deleteIdentifierKeepingOne, findUserTypeByEmail } from './identifiers-store.ts';

/** The user-facing side of emails and phone numbers: search, and deleting one's own. */
export function createIdentifierService(ctx: AppContext, deps: { sessions: SessionService; kit: SignInKit }) {
  async function deleteOwn(tenant: Tenant, sessionToken: string | undefined, kind: 'email' | 'phone', id: string) {
    if (!sessionToken) throw new UnauthorizedError('No session token was sent. Use Basic auth public_token:session_token.', errorTypes.unauthorizedCredentials);
    const current = await deps.sessions.peek(tenant, sessionToken);
    if (!current) throw new SessionNotFoundError();
    const userId = current.user.id;
    const outcome = await deleteIdentifierKeepingOne(ctx.db, userId, kind, id);
    if (outcome === 'not_found') {
      throw kind === 'email'
        ? new NotFoundError('No email with that id belongs to this user.', errorTypes.emailNotFound)
        : new NotFoundError('No phone number with that id belongs to this user.', errorTypes.phoneNumberNotFound);
    }
    if (outcome === 'last') {
      throw new ApiError(
        409,
        errorTypes.cannotDeleteLastPrimaryFactor,
        'This is the last way this user can sign in. Add another email, phone number or sign-in method before deleting it.',
      );
    }
    return { user_id: userId, user: await deps.sessions.wireUser(tenant, userId) };
  }

  return {
    /**
     * `POST /users/search`: only which sign-in path an email takes (spec §4 Password flow), rate limited per IP
     * and per address.
     */
    async search(tenant: Tenant, email: string, ip: string) {
      await deps.kit.limitLookup(ip, tenant, email);
      return { user_type: await findUserTypeByEmail(ctx.db, tenant.projectId, email) };
    },
    /** @throws 401 without a session, SessionNotFoundError, email_not_found, cannot_delete_last_primary_factor */
    deleteEmail: (tenant: Tenant, sessionToken: string | undefined, emailId: string) => deleteOwn(tenant, sessionToken, 'email', emailId),
    /** @throws 401 without a session, SessionNotFoundError, phone_number_not_found, cannot_delete_last_primary_factor */
    deletePhone: (tenant: Tenant, sessionToken: string | undefined, phoneId: string) => deleteOwn(tenant, sessionToken, 'phone', phoneId),
  };
}

export type IdentifierService = ReturnType<typeof createIdentifierService>;
