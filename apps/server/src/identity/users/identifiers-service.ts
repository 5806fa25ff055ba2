import type { AppContext } from '../../context.ts';
import { ResourceNotFoundError, StateConflictError } from '../../platform/domain-errors.ts';
import { errorTypes } from '../../platform/error-types.ts';
import { MissingSessionTokenError } from '../errors.ts';
import { SessionNotFoundError, type SessionService } from '../sessions/service.ts';
import type { SignInKit } from '../sign-in.ts';
import type { Tenant } from '../tenants.ts';
import { deleteIdentifierKeepingOne, findUserTypeByEmail } from './identifiers-store.ts';

/** No email or phone number with that id belongs to the user: 404 `email_not_found` / `phone_number_not_found`. */
export class IdentifierNotFoundError extends ResourceNotFoundError {
  constructor(kind: 'email' | 'phone') {
    super(
      kind === 'email' ? 'No email with that id belongs to this user.' : 'No phone number with that id belongs to this user.',
      kind === 'email' ? errorTypes.emailNotFound : errorTypes.phoneNumberNotFound,
    );
  }
}

/** Deleting it would leave the user no way to sign in: 409 `cannot_delete_last_primary_factor`. */
export class LastPrimaryFactorError extends StateConflictError {
  constructor() {
    super(
      'This is the last way this user can sign in. Add another email, phone number or sign-in method before deleting it.',
      errorTypes.cannotDeleteLastPrimaryFactor,
    );
  }
}

/** The user-facing side of emails and phone numbers: search, and deleting one's own. */
export function createIdentifierService(ctx: AppContext, deps: { sessions: SessionService; kit: SignInKit }) {
  async function deleteOwn(tenant: Tenant, sessionToken: string | undefined, kind: 'email' | 'phone', id: string) {
    if (!sessionToken) throw new MissingSessionTokenError();
    const current = await deps.sessions.peek(tenant, sessionToken);
    if (!current) throw new SessionNotFoundError();
    const userId = current.user.id;
    const outcome = await deleteIdentifierKeepingOne(ctx.db, userId, kind, id);
    if (outcome === 'not_found') {
      throw new IdentifierNotFoundError(kind);
    }
    if (outcome === 'last') {
      throw new LastPrimaryFactorError();
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
    /** @throws MissingSessionTokenError, SessionNotFoundError, IdentifierNotFoundError, LastPrimaryFactorError */
    deleteEmail: (tenant: Tenant, sessionToken: string | undefined, emailId: string) => deleteOwn(tenant, sessionToken, 'email', emailId),
    /** @throws MissingSessionTokenError, SessionNotFoundError, IdentifierNotFoundError, LastPrimaryFactorError */
    deletePhone: (tenant: Tenant, sessionToken: string | undefined, phoneId: string) => deleteOwn(tenant, sessionToken, 'phone', phoneId),
  };
}

export type IdentifierService = ReturnType<typeof createIdentifierService>;
