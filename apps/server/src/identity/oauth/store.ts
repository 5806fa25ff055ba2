import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '@keepsake/db/client';
import { authOauthProviders, authOauthRegistrations, authOauthStates, authOauthTokens, authOneTapIdTokens } from '@keepsake/db/schema';

export type OauthProviderRow = typeof authOauthProviders.$inferSelect;
export type OauthStateRow = typeof authOauthStates.$inferSelect;
export type OauthTokenRow = typeof authOauthTokens.$inferSelect;
export type OauthRegistrationRow = typeof authOauthRegistrations.$inferSelect;
type Db = Database | Transaction;

export async function findProviderConfig(db: Db, projectId: string, providerType: string): Promise<OauthProviderRow | undefined> {
  const [row] = await db
    .select()
    .from(authOauthProviders)
    .where(and(eq(authOauthProviders.projectId, projectId), eq(authOauthProviders.providerType, providerType)))
    .limit(1);
  return row;
}

export async function listProviderConfigs(db: Db, projectId: string): Promise<OauthProviderRow[]> {
  return db.select().from(authOauthProviders).where(eq(authOauthProviders.projectId, projectId)).orderBy(authOauthProviders.createdAt);
}

/** Creates or replaces the project's client at a provider; a null secret keeps the stored one. */
export async function upsertProviderConfig(
  db: Db,
  values: { id: string; projectId: string; providerType: string; clientId: string; sealedClientSecret: string; customScopes: string[]; enabled: boolean },
): Promise<OauthProviderRow> {
  const [row] = await db
    .insert(authOauthProviders)
    .values(values)
    .onConflictDoUpdate({
      target: [authOauthProviders.projectId, authOauthProviders.providerType],
      set: {
        clientId: values.clientId,
        sealedClientSecret: values.sealedClientSecret,
        customScopes: values.customScopes,
        enabled: values.enabled,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row!;
}

/** Changes a stored client's id, scopes or enablement, keeping its secret. Undefined when there is none. */
export async function updateProviderConfig(
  db: Db,
  projectId: string,
  providerType: string,
  values: { clientId: string; customScopes: string[]; enabled: boolean },
): Promise<OauthProviderRow | undefined> {
  const [row] = await db
    .update(authOauthProviders)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(authOauthProviders.projectId, projectId), eq(authOauthProviders.providerType, providerType)))
    .returning();
  return row;
}

export async function deleteProviderConfig(db: Db, projectId: string, providerType: string): Promise<boolean> {
  const rows = await db
    .delete(authOauthProviders)
    .where(and(eq(authOauthProviders.projectId, projectId), eq(authOauthProviders.providerType, providerType)))
    .returning({ id: authOauthProviders.id });
  return rows.length === 1;
}

/** Stores a flow and forgets the project's expired ones. */
export async function insertState(db: Db, values: typeof authOauthStates.$inferInsert): Promise<void> {
  await db.insert(authOauthStates).values(values);
  await db.delete(authOauthStates).where(and(eq(authOauthStates.projectId, values.projectId), lt(authOauthStates.expiresAt, sql`now()`)));
}

/** Uses a flow up (deletes and returns it, expired or not; the caller refuses an expired one), so no callback is accepted twice. */
export async function consumeState(db: Db, stateHash: string): Promise<OauthStateRow | undefined> {
  const [row] = await db.delete(authOauthStates).where(eq(authOauthStates.stateHash, stateHash)).returning();
  return row;
}

export async function findRegistration(db: Db, projectId: string, providerType: string, subject: string): Promise<OauthRegistrationRow | undefined> {
  const [row] = await db
    .select()
    .from(authOauthRegistrations)
    .where(
      and(
        eq(authOauthRegistrations.projectId, projectId),
        eq(authOauthRegistrations.providerType, providerType),
        eq(authOauthRegistrations.providerSubject, subject),
      ),
    )
    .limit(1);
  return row;
}

/** Inserts a registration; undefined when the project has this provider account already (the unique index settles races). */
export async function insertRegistration(db: Db, values: typeof authOauthRegistrations.$inferInsert): Promise<OauthRegistrationRow | undefined> {
  const [row] = await db
    .insert(authOauthRegistrations)
    .values(values)
    .onConflictDoNothing({ target: [authOauthRegistrations.projectId, authOauthRegistrations.providerType, authOauthRegistrations.providerSubject] })
    .returning();
  return row;
}

/** Keeps the provider's latest picture and tokens on the registration. */
export async function refreshRegistration(db: Db, id: string, values: { profilePictureUrl: string; sealedTokens: string }): Promise<void> {
  await db.update(authOauthRegistrations).set(values).where(eq(authOauthRegistrations.id, id));
}

/** Stores a callback token and forgets the project's expired ones. */
export async function insertToken(db: Db, values: typeof authOauthTokens.$inferInsert): Promise<void> {
  await db.insert(authOauthTokens).values(values);
  await db.delete(authOauthTokens).where(and(eq(authOauthTokens.projectId, values.projectId), lt(authOauthTokens.expiresAt, sql`now()`)));
}

/** A live (unused, unexpired) token of the project by hash. */
export async function findLiveToken(db: Db, projectId: string, tokenHash: string): Promise<OauthTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(authOauthTokens)
    .where(
      and(
        eq(authOauthTokens.tokenHash, tokenHash),
        eq(authOauthTokens.projectId, projectId),
        isNull(authOauthTokens.consumedAt),
        sql`${authOauthTokens.expiresAt} > now()`,
      ),
    )
    .limit(1);
  return row;
}

/** Counts one wrong code_verifier; the new count, or undefined when the token was used meanwhile. */
export async function countTokenAttempt(db: Db, id: string): Promise<number | undefined> {
  const [row] = await db
    .update(authOauthTokens)
    .set({ attempts: sql`${authOauthTokens.attempts} + 1` })
    .where(and(eq(authOauthTokens.id, id), isNull(authOauthTokens.consumedAt)))
    .returning({ attempts: authOauthTokens.attempts });
  return row?.attempts;
}

/** Marks the token used and drops its provider tokens. False when another request consumed it first. */
export async function consumeToken(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(authOauthTokens)
    .set({ consumedAt: sql`now()`, sealedProviderValues: '' })
    .where(and(eq(authOauthTokens.id, id), isNull(authOauthTokens.consumedAt)))
    .returning({ id: authOauthTokens.id });
  return rows.length === 1;
}

export async function findRegistrationById(db: Db, id: string): Promise<OauthRegistrationRow | undefined> {
  const [row] = await db.select().from(authOauthRegistrations).where(eq(authOauthRegistrations.id, id)).limit(1);
  return row;
}

/**
 * Records a One Tap ID token as used and forgets the project's expired ones. False when it was used already (the
 * primary key settles concurrent submits).
 */
export async function useOneTapIdToken(db: Db, values: { tokenHash: string; projectId: string; expiresAt: Date }): Promise<boolean> {
  await db.delete(authOneTapIdTokens).where(and(eq(authOneTapIdTokens.projectId, values.projectId), lt(authOneTapIdTokens.expiresAt, sql`now()`)));
  const rows = await db.insert(authOneTapIdTokens).values(values).onConflictDoNothing().returning({ tokenHash: authOneTapIdTokens.tokenHash });
  return rows.length === 1;
}
