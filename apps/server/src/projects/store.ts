import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '@keepsake/db/client';
import { apiKeys, projectMembers, projects, type ProjectRole } from '@keepsake/db/schema';

export type ProjectRow = typeof projects.$inferSelect;
export type MemberRow = typeof projectMembers.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;
type Db = Database | Transaction;

export async function insertProject(db: Db, values: typeof projects.$inferInsert): Promise<ProjectRow> {
  const [row] = await db.insert(projects).values(values).returning();
  return row!;
}

/** Inserts the platform project unless one exists; returns the one that exists afterwards. */
export async function ensurePlatformProject(db: Database, values: typeof projects.$inferInsert): Promise<ProjectRow> {
  await db.insert(projects).values(values).onConflictDoNothing();
  const [row] = await db.select().from(projects).where(eq(projects.isPlatform, true)).limit(1);
  return row!;
}

export async function listProjectsForUser(db: Db, userId: string) {
  return db
    .select({ project: projects, role: projectMembers.role })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(eq(projectMembers.userId, userId))
    .orderBy(asc(projects.createdAt), asc(projects.id));
}

export async function findProjectForUser(db: Db, projectId: string, userId: string) {
  const [row] = await db
    .select({ project: projects, role: projectMembers.role })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(and(eq(projectMembers.userId, userId), eq(projectMembers.projectId, projectId)))
    .limit(1);
  return row;
}

export async function countProjectsForUser(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(projectMembers)
    .where(eq(projectMembers.userId, userId));
  return row?.n ?? 0;
}

export async function renameProject(db: Db, projectId: string, name: string): Promise<ProjectRow | undefined> {
  const [row] = await db
    .update(projects)
    .set({ name, updatedAt: sql`now()` })
    .where(eq(projects.id, projectId))
    .returning();
  return row;
}

export async function listMembers(db: Db, projectId: string): Promise<MemberRow[]> {
  return db.select().from(projectMembers).where(eq(projectMembers.projectId, projectId)).orderBy(asc(projectMembers.createdAt));
}

/** Adds a member; returns undefined when the user is a member already. */
export async function insertMember(db: Db, values: typeof projectMembers.$inferInsert): Promise<MemberRow | undefined> {
  const [row] = await db.insert(projectMembers).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateMemberRole(db: Db, projectId: string, userId: string, role: ProjectRole): Promise<MemberRow | undefined> {
  const [row] = await db
    .update(projectMembers)
    .set({ role })
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
    .returning();
  return row;
}

export async function deleteMember(db: Db, projectId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
    .returning({ userId: projectMembers.userId });
  return rows.length > 0;
}

/** Locks the project's member rows so that owner-count checks and changes are serialised. */
export async function lockMembers(tx: Transaction, projectId: string): Promise<MemberRow[]> {
  return tx.select().from(projectMembers).where(eq(projectMembers.projectId, projectId)).for('update');
}

export async function insertApiKey(db: Db, values: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(values).returning();
  return row!;
}

export async function listApiKeys(db: Db, projectId: string): Promise<ApiKeyRow[]> {
  return db.select().from(apiKeys).where(eq(apiKeys.projectId, projectId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

export async function findApiKey(db: Db, projectId: string, keyId: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.projectId, projectId), eq(apiKeys.id, keyId)))
    .limit(1);
  return row;
}

/** The project's browser origins and environment (a client-side key's origin check). */
export async function findProjectOrigins(db: Db, projectId: string): Promise<{ allowedOrigins: string[]; environment: 'test' | 'live' } | undefined> {
  const [row] = await db
    .select({ allowedOrigins: projects.allowedOrigins, environment: projects.environment })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row;
}

export async function findApiKeyByHash(db: Db, secretHash: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.secretHash, secretHash)).limit(1);
  return row;
}

export async function revokeApiKey(db: Db, projectId: string, keyId: string): Promise<ApiKeyRow | undefined> {
  await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.projectId, projectId), eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)));
  return findApiKey(db, projectId, keyId);
}

export async function touchApiKey(db: Db, keyId: string): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(apiKeys.id, keyId));
}

/**
 * Changes the auth-facing settings: the allowed origins (replaced) and auth_config (each given top-level key
 * replaced whole, through jsonb concatenation, so concurrent edits of different keys do not undo each other).
 */
/** The plan's checkout fee tier (§9: 0, 1 or 3 percent); 0 for an unknown project. */
export async function checkoutFeePercentOf(db: Db, projectId: string): Promise<number> {
  const [row] = await db.select({ percent: projects.checkoutFeePercent }).from(projects).where(eq(projects.id, projectId));
  return row?.percent ?? 0;
}

/** Sets the plan's checkout fee tier. */
export async function updateCheckoutFeePercent(db: Db, projectId: string, feePercent: number): Promise<ProjectRow | undefined> {
  const [row] = await db
    .update(projects)
    .set({ checkoutFeePercent: feePercent, updatedAt: sql`now()` })
    .where(eq(projects.id, projectId))
    .returning();
  return row;
}

export async function updateAuthSettings(
  db: Db,
  projectId: string,
  changes: { allowedOrigins?: string[] | undefined; authConfig?: Record<string, unknown> | undefined },
): Promise<ProjectRow | undefined> {
  const [row] = await db
    .update(projects)
    .set({
      ...(changes.allowedOrigins ? { allowedOrigins: changes.allowedOrigins } : {}),
      ...(changes.authConfig ? { authConfig: sql`${projects.authConfig} || ${JSON.stringify(changes.authConfig)}::jsonb` } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(projects.id, projectId))
    .returning();
  return row;
}
