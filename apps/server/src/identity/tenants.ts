import { eq, sql } from 'drizzle-orm';
import type { Database } from '@keepsake/db/client';
import { projects } from '@keepsake/db/schema';
import { parseAuthConfig, type AuthConfig } from './auth-config.ts';

/**
 * The auth service's view of a project: the tenant a public token selects.
 * The projects domain owns the table; identity reads only these auth-facing columns.
 */
export type Tenant = {
  projectId: string;
  name: string;
  publicToken: string;
  environment: 'test' | 'live';
  isPlatform: boolean;
  allowedOrigins: string[];
  authConfig: AuthConfig;
};

const columns = {
  projectId: projects.id,
  name: projects.name,
  publicToken: projects.publicToken,
  environment: projects.environment,
  isPlatform: projects.isPlatform,
  allowedOrigins: projects.allowedOrigins,
  authConfig: projects.authConfig,
};

function toTenant(row: { authConfig: unknown } & Omit<Tenant, 'authConfig'>): Tenant {
  return { ...row, authConfig: parseAuthConfig(row.authConfig, { platform: row.isPlatform }) };
}

/**
 * How long a process trusts a tenant it looked up. Changes made through this process are seen at once
 * ({@link invalidateTenants}); other processes of the deployment see them within this time (docs/decisions/019).
 */
export const TENANT_CACHE_MS = 5_000;
const MAX_CACHED = 10_000;

type Entry = { at: number; tenant: Promise<Tenant | undefined> };
type Cache = { byToken: Map<string, Entry>; byId: Map<string, Entry>; origins: { at: number; value: Promise<OriginIndex> } | undefined };
type OriginIndex = { origins: Set<string>; anyTestProject: boolean };

const caches = new WeakMap<Database, Cache>();

function cacheFor(db: Database): Cache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { byToken: new Map(), byId: new Map(), origins: undefined };
    caches.set(db, cache);
  }
  return cache;
}

function cached(map: Map<string, Entry>, key: string, load: () => Promise<Tenant | undefined>): Promise<Tenant | undefined> {
  const hit = map.get(key);
  if (hit && Date.now() - hit.at < TENANT_CACHE_MS) return hit.tenant;
  if (map.size >= MAX_CACHED) map.clear();
  const tenant = load();
  map.set(key, { at: Date.now(), tenant });
  tenant.catch(() => map.delete(key));
  return tenant;
}

/**
 * Forgets what this process cached about tenants (call after changing a project's name, origins or auth config).
 * Changes are rare, so the whole cache goes: simpler than tracking which entries name the project.
 */
export function invalidateTenants(db: Database): void {
  const cache = cacheFor(db);
  cache.byToken.clear();
  cache.byId.clear();
  cache.origins = undefined;
}

export async function findTenantByPublicToken(db: Database, publicToken: string): Promise<Tenant | undefined> {
  return cached(cacheFor(db).byToken, publicToken, async () => {
    const [row] = await db.select(columns).from(projects).where(eq(projects.publicToken, publicToken)).limit(1);
    return row && toTenant(row);
  });
}

export async function findTenantById(db: Database, projectId: string): Promise<Tenant | undefined> {
  return cached(cacheFor(db).byId, projectId, async () => {
    const [row] = await db.select(columns).from(projects).where(eq(projects.id, projectId)).limit(1);
    return row && toTenant(row);
  });
}

export async function findPlatformTenant(db: Database): Promise<Tenant | undefined> {
  const [row] = await db.select(columns).from(projects).where(eq(projects.isPlatform, true)).limit(1);
  return row && toTenant(row);
}

/**
 * Every origin some project allows, and whether any project is a test project. A CORS preflight carries no
 * credentials, so it is answered from this; the real request is then checked against its own project.
 */
export async function originIndex(db: Database): Promise<OriginIndex> {
  const cache = cacheFor(db);
  if (cache.origins && Date.now() - cache.origins.at < TENANT_CACHE_MS) return cache.origins.value;
  const value = (async () => {
    const [row] = await db
      .select({
        origins: sql<string[] | null>`(select array_agg(distinct o) from ${projects}, unnest(${projects.allowedOrigins}) as o)`,
        anyTest: sql<boolean>`exists (select 1 from ${projects} where ${projects.environment} = 'test')`,
      })
      .from(sql`(select 1) as one`);
    return { origins: new Set(row?.origins ?? []), anyTestProject: Boolean(row?.anyTest) };
  })();
  cache.origins = { at: Date.now(), value };
  value.catch(() => (cache.origins = undefined));
  return value;
}
