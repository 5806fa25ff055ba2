import { randomUUID } from 'node:crypto';
import { PRODUCT_SIGN_IN_PATH } from '@keepsake/wire/console/platform';
import type { ApiKeyEnvironment, ProjectRole } from '@keepsake/db/schema';
import type { AppContext } from '../context.ts';
import { PermissionDeniedError, ResourceNotFoundError, StateConflictError } from '../platform/domain-errors.ts';
import { parseAuthConfig, type AuthConfigPatch } from '../identity/auth-config.ts';
import type { IdentityService } from '../identity/service.ts';
import type { OauthProvider } from '@keepsake/wire/sdk/oauth';
import { randomToken, sha256Hex } from '../platform/secrets.ts';
import { createApiKeyCache } from './api-key-cache.ts';
import { createKeptReads } from '../platform/kept-reads.ts';
import type { ApiKeyScope, ApiKeyType, CheckoutFeePercent } from '@keepsake/wire/console/projects';
import { allScopes } from './scopes.ts';

/** No project with that id, or the caller is not one of its members. */
export class ProjectNotFoundError extends ResourceNotFoundError {
  constructor() {
    super('Project not found.');
  }
}

/** The caller's project role does not allow the change. */
export class ProjectRoleError extends PermissionDeniedError {}

/** The person named is not a member of the project. */
export class MemberNotFoundError extends ResourceNotFoundError {
  constructor() {
    super('That person is not a member of this project.');
  }
}

/** The person is already a member. */
export class AlreadyMemberError extends StateConflictError {
  constructor(email: string) {
    super(`${email} is already a member of this project.`);
  }
}

/** The change would leave the project without an owner. */
export class LastOwnerError extends StateConflictError {
  constructor() {
    super('A project needs at least one owner.');
  }
}

/** No API key with that id in the project. */
export class ApiKeyNotFoundError extends ResourceNotFoundError {
  constructor() {
    super('API key not found.');
  }
}
import * as store from './store.ts';

export const INVITATION_QUEUE = 'projects.invitation-email';

const managers: readonly ProjectRole[] = ['owner', 'admin'];

export function presentProject(project: store.ProjectRow, role: ProjectRole) {
  return { id: project.id, name: project.name, role, publicToken: project.publicToken, createdAt: project.createdAt.toISOString() };
}

/** A client-side key is told by its prefix (`ck_…`); every other key is a server key (ADR 107). */
export function apiKeyTypeOf(prefix: string): ApiKeyType {
  return prefix.startsWith('ck_') ? 'client' : 'server';
}

export function presentApiKey(key: store.ApiKeyRow) {
  return {
    id: key.id,
    name: key.name,
    type: apiKeyTypeOf(key.prefix),
    environment: key.environment,
    scopes: key.scopes,
    prefix: key.prefix,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    revokedAt: key.revokedAt?.toISOString() ?? null,
  };
}

export type AuthSettingsChanges = { allowedOrigins?: string[] | undefined; authConfig?: AuthConfigPatch | undefined };

export function presentAuthSettings(project: store.ProjectRow) {
  return { allowedOrigins: project.allowedOrigins, authConfig: parseAuthConfig(project.authConfig, { platform: project.isPlatform }) };
}

/** `sk_staging_…` / `sk_production_…` (client-side: `ck_…`): 256 bits of randomness after the prefix. */
export function newApiKeySecret(environment: ApiKeyEnvironment, type: ApiKeyType = 'server'): { secret: string; prefix: string; hash: string } {
  const kind = type === 'client' ? 'ck' : 'sk';
  const secret = `${kind}_${environment}_${randomToken(32)}`;
  return { secret, prefix: secret.slice(0, `${kind}_${environment}_`.length + 6), hash: sha256Hex(secret) };
}

function newPublicToken(environment: 'test' | 'live'): string {
  return `public-token-${environment}-${randomUUID()}`;
}

/** How long another process of a deployment may quote with a fee tier changed elsewhere. */
const feeTierTtlMs = 5_000;

export function createProjectService(ctx: AppContext, identity: IdentityService) {
  const db = ctx.db;
  const verifiedKeys = createApiKeyCache();
  /** When this process last wrote each key's `last_used_at` (at most once a minute per key). */
  const touchedAt = new Map<string, number>();
  /** Fee tiers read lately (ADR 111); a read that overlapped a change is not kept. */
  const feeTiers = createKeptReads<string, number>({ ttlMs: feeTierTtlMs });

  /** The caller's membership, or 404 so that other projects' existence is not revealed. */
  async function membership(projectId: string, userId: string) {
    const found = await store.findProjectForUser(db, projectId, userId);
    if (!found) throw new ProjectNotFoundError();
    return found;
  }

  async function requireManager(projectId: string, userId: string) {
    const found = await membership(projectId, userId);
    if (!managers.includes(found.role)) throw new ProjectRoleError('Only project owners and admins can do this.');
    return found;
  }

  async function createProject(name: string, ownerUserId: string, allowedOrigins: string[] = []) {
    return db.transaction(async (tx) => {
      const project = await store.insertProject(tx, {
        id: randomUUID(),
        name,
        publicToken: newPublicToken('test'),
        environment: 'test',
        allowedOrigins,
      });
      await store.insertMember(tx, { projectId: project.id, userId: ownerUserId, role: 'owner' });
      return presentProject(project, 'owner');
    });
  }

  async function updateAuthSettings(projectId: string, changes: AuthSettingsChanges) {
    const project = await store.updateAuthSettings(db, projectId, changes);
    if (!project) throw new ProjectNotFoundError();
    identity.tenantChanged();
    return presentAuthSettings(project);
  }

  /**
   * Makes `url` an allowed redirect URL of the platform project (added on first use): the product app's OAuth
   * callback (docs/decisions/104) and `/signin` (ADR 124), on the server's public URL.
   */
  async function allowPlatformRedirectUrl(url: string) {
    const tenant = await identity.platformTenant();
    const { redirectUrls } = tenant.authConfig;
    if (redirectUrls.allowed.includes(url)) return;
    await updateAuthSettings(tenant.projectId, { authConfig: { redirectUrls: { ...redirectUrls, allowed: [...redirectUrls.allowed.slice(0, 49), url] } } });
  }

  async function createApiKey(
    projectId: string,
    params: { name: string; type?: ApiKeyType; environment: ApiKeyEnvironment; scopes: ApiKeyScope[]; createdBy: string | null },
  ) {
    const { secret, prefix, hash } = newApiKeySecret(params.environment, params.type);
    const key = await store.insertApiKey(db, {
      id: randomUUID(),
      projectId,
      name: params.name,
      environment: params.environment,
      scopes: [...new Set(params.scopes)],
      prefix,
      secretHash: hash,
      createdBy: params.createdBy,
    });
    return { apiKey: presentApiKey(key), secret };
  }

  return {
    createProject,

    async listProjects(userId: string) {
      const rows = await store.listProjectsForUser(db, userId);
      return rows.map((r) => presentProject(r.project, r.role));
    },

    async getProject(projectId: string, userId: string) {
      const found = await membership(projectId, userId);
      return presentProject(found.project, found.role);
    },

    async hasProject(userId: string): Promise<boolean> {
      return (await store.countProjectsForUser(db, userId)) > 0;
    },

    async renameProject(projectId: string, userId: string, name: string) {
      const { role } = await requireManager(projectId, userId);
      const project = await store.renameProject(db, projectId, name);
      if (!project) throw new ProjectNotFoundError();
      identity.tenantChanged();
      return presentProject(project, role);
    },

    async listMembers(projectId: string, userId: string) {
      await membership(projectId, userId);
      const members = await store.listMembers(db, projectId);
      const profiles = await Promise.all(members.map((m) => identity.platformUserProfile(m.userId)));
      return members.map((m, i) => ({ userId: m.userId, email: profiles[i]?.email ?? '', role: m.role, createdAt: m.createdAt.toISOString() }));
    },

    /**
     * Adds a member by email, creating their console account if needed, and emails them.
     * @throws ProjectNotFoundError; ProjectRoleError unless the caller manages the project (only owners add owners); AlreadyMemberError.
     */
    async addMember(projectId: string, byUserId: string, email: string, role: ProjectRole) {
      const { project, role: callerRole } = await requireManager(projectId, byUserId);
      if (role === 'owner' && callerRole !== 'owner') throw new ProjectRoleError('Only owners can add another owner.');
      const { userId } = await identity.getOrCreatePlatformUser(email);
      const member = await store.insertMember(db, { projectId, userId, role, invitedBy: byUserId });
      if (!member) throw new AlreadyMemberError(email);
      const inviter = await identity.platformUserProfile(byUserId);
      await ctx.jobs.send(INVITATION_QUEUE, { to: email, projectName: project.name, role, invitedBy: inviter?.email ?? 'A teammate' });
      return { userId, email, role: member.role, createdAt: member.createdAt.toISOString() };
    },

    /** @throws ProjectNotFoundError, MemberNotFoundError; ProjectRoleError when a non-owner touches an owner; LastOwnerError. */
    async changeMemberRole(projectId: string, byUserId: string, userId: string, role: ProjectRole) {
      const { role: callerRole } = await requireManager(projectId, byUserId);
      const updated = await db.transaction(async (tx) => {
        const members = await store.lockMembers(tx, projectId);
        const target = members.find((m) => m.userId === userId);
        if (!target) throw new MemberNotFoundError();
        if ((target.role === 'owner' || role === 'owner') && callerRole !== 'owner') throw new ProjectRoleError('Only owners can change who is an owner.');
        const owners = members.filter((m) => m.role === 'owner').length;
        if (target.role === 'owner' && role !== 'owner' && owners <= 1) throw new LastOwnerError();
        return (await store.updateMemberRole(tx, projectId, userId, role))!;
      });
      // Outside the transaction: the identity domain reads through the outer handle, which on PGlite's
      // single connection would wait for this transaction forever.
      const profile = await identity.platformUserProfile(userId);
      return { userId, email: profile?.email ?? '', role: updated.role, createdAt: updated.createdAt.toISOString() };
    },

    async removeMember(projectId: string, byUserId: string, userId: string) {
      const { role: callerRole } = await requireManager(projectId, byUserId);
      await db.transaction(async (tx) => {
        const members = await store.lockMembers(tx, projectId);
        const target = members.find((m) => m.userId === userId);
        if (!target) throw new MemberNotFoundError();
        if (target.role === 'owner' && callerRole !== 'owner') throw new ProjectRoleError('Only owners can remove an owner.');
        if (target.role === 'owner' && members.filter((m) => m.role === 'owner').length <= 1) throw new LastOwnerError();
        await store.deleteMember(tx, projectId, userId);
      });
      return { removed: true as const };
    },

    async listApiKeys(projectId: string, userId: string) {
      await membership(projectId, userId);
      return (await store.listApiKeys(db, projectId)).map(presentApiKey);
    },

    async getApiKey(projectId: string, userId: string, keyId: string) {
      await membership(projectId, userId);
      const key = await store.findApiKey(db, projectId, keyId);
      if (!key) throw new ApiKeyNotFoundError();
      return presentApiKey(key);
    },

    async createApiKey(projectId: string, userId: string, params: { name: string; type?: ApiKeyType; environment: ApiKeyEnvironment; scopes: ApiKeyScope[] }) {
      await requireManager(projectId, userId);
      return createApiKey(projectId, { ...params, createdBy: userId });
    },

    async revokeApiKey(projectId: string, userId: string, keyId: string) {
      await requireManager(projectId, userId);
      const key = await store.revokeApiKey(db, projectId, keyId);
      verifiedKeys.forgetKey(keyId);
      if (!key) throw new ApiKeyNotFoundError();
      return presentApiKey(key);
    },

    /**
     * Resolves an `X-API-KEY` secret to its live key, or undefined. Live keys are cached for 5 s (ADR 053);
     * last-used is updated at most once a minute.
     */
    async authenticateApiKey(secret: string) {
      if (!/^[sc]k_(staging|production)_[A-Za-z0-9_-]{20,100}$/.test(secret)) return undefined;
      const hash = sha256Hex(secret);
      const cached = verifiedKeys.get(hash);
      if (cached) {
        if (Date.now() - (touchedAt.get(cached.id) ?? 0) > 60_000) {
          touchedAt.set(cached.id, Date.now());
          await store.touchApiKey(db, cached.id);
        }
        return cached;
      }
      const key = await store.findApiKeyByHash(db, hash);
      if (!key || key.revokedAt) return undefined;
      const lastUsed = Math.max(key.lastUsedAt?.getTime() ?? 0, touchedAt.get(key.id) ?? 0);
      if (touchedAt.size > 10_000) touchedAt.clear();
      touchedAt.set(key.id, lastUsed);
      if (Date.now() - lastUsed > 60_000) {
        touchedAt.set(key.id, Date.now());
        await store.touchApiKey(db, key.id);
      }
      const type = apiKeyTypeOf(key.prefix);
      // A client-side key carries its project's browser origins, which it is checked against (ADR 107).
      const origins = type === 'client' ? await store.findProjectOrigins(db, key.projectId) : undefined;
      const live = { id: key.id, projectId: key.projectId, environment: key.environment, scopes: key.scopes, type, ...(origins ? { origins } : {}) };
      verifiedKeys.set(hash, live);
      return live;
    },

    /** The project's browser origins and auth-service settings (every member may read them). */
    async getAuthSettings(projectId: string, userId: string) {
      const { project } = await membership(projectId, userId);
      return presentAuthSettings(project);
    },

    /**
     * Replaces the allowed origins and/or top-level keys of auth_config (owners and admins).
     * @throws ProjectNotFoundError; ProjectRoleError for other roles.
     */
    async updateAuthSettings(projectId: string, userId: string, changes: AuthSettingsChanges) {
      await requireManager(projectId, userId);
      return updateAuthSettings(projectId, changes);
    },

    /** The plan's checkout fee tier (every member may read it). @throws ProjectNotFoundError */
    async getCheckoutSettings(projectId: string, userId: string) {
      const { project } = await membership(projectId, userId);
      return { feePercent: project.checkoutFeePercent as CheckoutFeePercent };
    },

    /**
     * The fee tier an order is quoted with, kept per process (ADR 111): read on every order, changed rarely. A change
     * made here drops it at once; another process of the deployment sees it within {@link feeTierTtlMs}.
     */
    async checkoutFeePercent(projectId: string): Promise<number> {
      return feeTiers.read(projectId, () => store.checkoutFeePercentOf(db, projectId));
    },

    /** Sets the checkout fee tier; orders quoted from now on use it (owners and admins). @throws ProjectNotFoundError, ProjectRoleError */
    async updateCheckoutSettings(projectId: string, userId: string, settings: { feePercent: CheckoutFeePercent }) {
      await requireManager(projectId, userId);
      feeTiers.forget(projectId);
      const project = await store.updateCheckoutFeePercent(db, projectId, settings.feePercent);
      feeTiers.forget(projectId);
      if (!project) throw new ProjectNotFoundError();
      return { feePercent: project.checkoutFeePercent as CheckoutFeePercent };
    },

    /** The project's OAuth clients (any member); secrets are never shown. @throws ProjectNotFoundError */
    async listOauthClients(projectId: string, userId: string) {
      await membership(projectId, userId);
      return { redirectUri: identity.oauth.callbackUri(), clients: await identity.oauthClients.list(projectId) };
    },

    /** Creates or changes the project's client at a provider (owners and admins). @throws ProjectNotFoundError, ProjectRoleError, OauthConfigNotFoundError */
    async saveOauthClient(projectId: string, userId: string, provider: OauthProvider, input: Parameters<IdentityService['oauthClients']['save']>[2]) {
      await requireManager(projectId, userId);
      return identity.oauthClients.save(projectId, provider, input);
    },

    /** Removes the project's client at a provider (owners and admins). @throws ProjectNotFoundError, ProjectRoleError, OauthConfigNotFoundError */
    async removeOauthClient(projectId: string, userId: string, provider: OauthProvider) {
      await requireManager(projectId, userId);
      await identity.oauthClients.remove(projectId, provider);
      return { deleted: true as const };
    },

    /** Operator CLI: a project owned by `ownerEmail` plus a staging key holding every scope. */
    async operatorCreateProject(ownerEmail: string, name: string, allowedOrigins: string[] = []) {
      const { userId } = await identity.getOrCreatePlatformUser(ownerEmail);
      const project = await createProject(name, userId, allowedOrigins);
      const { secret } = await createApiKey(project.id, { name: 'Operator CLI key', environment: 'staging', scopes: allScopes, createdBy: null });
      return { projectId: project.id, publicToken: project.publicToken, apiKey: secret };
    },

    /** Operator CLI `project update`: replaces the allowed origins. @throws ProjectNotFoundError for an unknown project. */
    async operatorUpdateProject(projectId: string, changes: { allowedOrigins: string[] }) {
      const settings = await updateAuthSettings(projectId, { allowedOrigins: changes.allowedOrigins });
      return { projectId, allowedOrigins: settings.allowedOrigins };
    },

    /** The platform project's settings (internal administrators; the product app's sign-in methods: ADR 104). */
    async platformAuthSettings() {
      const tenant = await identity.platformTenant();
      return { allowedOrigins: tenant.allowedOrigins, authConfig: tenant.authConfig };
    },

    /** Changes the platform project's origins and/or auth settings (internal administrators). */
    async updatePlatformAuthSettings(changes: AuthSettingsChanges) {
      return updateAuthSettings((await identity.platformTenant()).projectId, changes);
    },

    /** Sets the platform project's client at a provider (internal administrators). @throws OauthConfigNotFoundError */
    async savePlatformOauthClient(provider: OauthProvider, input: Parameters<IdentityService['oauthClients']['save']>[2]) {
      return identity.oauthClients.save((await identity.platformTenant()).projectId, provider, input);
    },

    allowPlatformRedirectUrl,

    /**
     * Start-up: the platform's own auth project, which the console signs in to, with `/signin` on the public URL
     * an allowed redirect URL (its widget's OAuth, magic links and password resets land there: ADR 124).
     */
    async ensurePlatformProject() {
      const row = await store.ensurePlatformProject(db, {
        id: randomUUID(),
        name: 'Keepsake',
        publicToken: newPublicToken(ctx.config.devMode ? 'test' : 'live'),
        environment: ctx.config.devMode ? 'test' : 'live',
        isPlatform: true,
      });
      await allowPlatformRedirectUrl(new URL(PRODUCT_SIGN_IN_PATH, ctx.config.publicUrl).toString());
      return row;
    },
  };
}

export type ProjectService = ReturnType<typeof createProjectService>;
