import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { projects } from '@keepsake/db/schema';
import type { TestServer } from './harness.ts';
import { passcodeIn } from './smtp-sink.ts';

/** `Authorization: Basic base64(public_token:secret)` (spec §7). */
export function basicAuth(publicToken: string, secret = ''): string {
  return `Basic ${Buffer.from(`${publicToken}:${secret}`).toString('base64')}`;
}

/** A /sdk/v1 client for one project: `post(path, body, sessionToken?)`. */
export function sdkClient(server: TestServer, publicToken: string) {
  return {
    post(path: string, body: unknown, sessionToken?: string) {
      return server.request(`/sdk/v1${path}`, { method: 'POST', headers: { authorization: basicAuth(publicToken, sessionToken) }, body });
    },
    delete(path: string, sessionToken?: string) {
      return server.request(`/sdk/v1${path}`, { method: 'DELETE', headers: { authorization: basicAuth(publicToken, sessionToken) } });
    },
    get(path: string, sessionToken?: string) {
      return server.request(`/sdk/v1${path}`, { headers: { authorization: basicAuth(publicToken, sessionToken) } });
    },
  };
}

export type SdkClient = ReturnType<typeof sdkClient>;

/** Creates a customer project (test environment) with the given auth_config document. */
export async function createProject(server: TestServer, name: string, authConfig: Record<string, unknown> = {}, environment: 'test' | 'live' = 'test') {
  const project = await server.services.projects.operatorCreateProject(`owner.${crypto.randomUUID()}@example.com`, name);
  await setAuthConfig(server, project.projectId, authConfig);
  if (environment === 'live') {
    await server.ctx.db.update(projects).set({ environment }).where(eq(projects.id, project.projectId));
    server.services.identity.tenantChanged();
  }
  return { ...project, sdk: sdkClient(server, project.publicToken) };
}

export async function setAuthConfig(server: TestServer, projectId: string, authConfig: Record<string, unknown>): Promise<void> {
  await server.ctx.db.update(projects).set({ authConfig }).where(eq(projects.id, projectId));
  // Tenants are cached per process (docs/decisions/019); the projects service says so after its own changes.
  server.services.identity.tenantChanged();
}

/** Every row of a table, as JSON text: for checking that no secret is stored in plaintext. */
export async function dumpTable(server: TestServer, table: string): Promise<string> {
  return JSON.stringify(await server.ctx.db.execute(`select * from ${table}`));
}

/** The `token` query parameter of the first link in an email that carries `stytch_token_type=<type>`. */
export function tokenFromMail(text: string, type = 'magic_links'): { url: URL; token: string } {
  const link = text
    .match(/https?:\/\/\S+/g)
    ?.map((u) => new URL(u))
    .find((u) => u.searchParams.get('stytch_token_type') === type);
  const token = link?.searchParams.get('token');
  if (!link || !token) throw new Error(`no ${type} link in: ${text}`);
  return { url: link, token };
}

/** Seconds between `created_at` and `expires_at` of the newest row of `table`. */
export async function newestTtlSeconds(server: TestServer, table: 'auth_otps' | 'auth_email_tokens'): Promise<number> {
  const rows = rowsOf<{ ttl: number }>(
    await server.ctx.db.execute(`select extract(epoch from expires_at - created_at)::int as ttl from ${table} order by created_at desc limit 1`),
  );
  return Number(rows[0]?.ttl);
}

export type SdkSignIn = {
  session_token: string;
  session_jwt: string;
  user_id: string;
  session: { session_id: string; expires_at: string; authentication_factors: Array<Record<string, unknown>> } | null;
  intermediate_session_token: string;
  mfa_required: boolean;
};

/** Signs `email` in to a project through the email passcode flow (real SMTP); returns the authenticate data. */
export async function sdkLogin(server: TestServer, publicToken: string, email: string, sessionMinutes?: number): Promise<SdkSignIn> {
  const before = server.smtp!.messagesTo(email).length;
  const sent = await server.request('/sdk/v1/otps/email/login_or_create', {
    method: 'POST',
    headers: { authorization: basicAuth(publicToken) },
    body: { email },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const mail = await server.smtp!.waitFor(email, { after: before });
  const res = await server.request('/sdk/v1/otps/authenticate', {
    method: 'POST',
    headers: { authorization: basicAuth(publicToken) },
    body: { token: passcodeIn(mail), method_id: sent.body.data.email_id, ...(sessionMinutes ? { session_duration_minutes: sessionMinutes } : {}) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as SdkSignIn;
}

/** Asserts the spec §8 error shape, the status and (optionally) the error type. */
export function expectSdkError(res: { status: number; body: any; headers: Headers }, status: number, type?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(Object.keys(res.body ?? {}).sort()).toEqual(['error_message', 'error_type', 'error_url', 'request_id', 'status_code']);
  expect(res.body.status_code).toBe(status);
  if (type) expect(res.body.error_type).toBe(type);
  expect(res.body.request_id).toBe(res.headers.get('x-request-id'));
}

/** A project owned by `ownerEmail`, with its owner's console user id. */
export async function createSdkProject(server: TestServer, ownerEmail: string, name: string, allowedOrigins: string[] = []) {
  const project = await server.services.projects.operatorCreateProject(ownerEmail, name, allowedOrigins);
  const { userId } = await server.services.identity.getOrCreatePlatformUser(ownerEmail);
  return { ...project, ownerUserId: userId };
}

/** The rows of a raw `db.execute(…)` result (PGlite and node-postgres both answer `{ rows }`). */
export function rowsOf<T extends Record<string, unknown>>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
