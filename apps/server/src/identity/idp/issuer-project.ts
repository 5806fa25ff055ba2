import type { AppContext } from '../../context.ts';
import { findTenantById, type Tenant } from '../tenants.ts';
import { IdentityProviderNotFoundError } from './errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The project behind an issuer URL `{PUBLIC_URL}/v1/public/{project_id}`. An id that is not a project's (or not an
 * id at all) is 404 `identity_provider_not_found` on every protocol endpoint, apart from a project that exists
 * but has not set its authorization URL (discovery: 404 `identity_provider_not_configured`).
 * @throws IdentityProviderNotFoundError
 */
export async function issuerProject(ctx: AppContext, projectId: string): Promise<Tenant> {
  const tenant = UUID.test(projectId) ? await findTenantById(ctx.db, projectId.toLowerCase()) : undefined;
  if (!tenant) throw new IdentityProviderNotFoundError();
  return tenant;
}
