// Every route that signs someone in answers the one authenticated payload (docs/decisions/015), and the OpenAPI
// document says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.ts';

let server: TestServer;
let paths: Record<string, { post?: { responses: Record<string, { content: { 'application/json': { schema: Schema } } }> } }>;

type Schema = { properties?: Record<string, Schema>; required?: string[]; anyOf?: Schema[]; $ref?: string; type?: string; description?: string };

beforeAll(async () => {
  server = await startTestServer({ devMailbox: true });
  paths = (await server.request('/api/openapi.json')).body.paths;
});
afterAll(() => server?.close());

const signIns = [
  '/otps/authenticate',
  '/magic_links/authenticate',
  '/passwords',
  '/passwords/authenticate',
  '/passwords/email/reset',
  '/passwords/existing_password/reset',
  '/passwords/session/reset',
  '/totps/authenticate',
  '/totps/recover',
  '/impersonation/authenticate',
];
const shared = ['request_id', 'status_code', 'user_id', 'user', 'session_token', 'session_jwt', 'session', 'intermediate_session_token', 'mfa_required'];

function dataOf(path: string): Schema {
  const schema = paths[`/sdk/v1${path}`]?.post?.responses['200']?.content['application/json'].schema;
  expect(schema, path).toBeDefined();
  return schema!.properties!.data!;
}

describe('the authenticated payload', () => {
  it('is the same on every route that signs in: a nullable session, the intermediate token and mfa_required', () => {
    const reference = dataOf('/otps/authenticate');
    expect(reference.properties!.session).toMatchObject({ anyOf: [{ $ref: '#/components/schemas/Session' }, { type: 'null' }] });
    expect(reference.properties!.mfa_required).toMatchObject({ type: 'boolean' });
    expect(reference.properties!.intermediate_session_token!.description).toContain('mfa_required');
    for (const path of signIns) {
      const data = dataOf(path);
      for (const key of shared) {
        expect(data.required, `${path} requires ${key}`).toContain(key);
        expect(data.properties![key], `${path} ${key}`).toEqual(reference.properties![key]);
      }
    }
    // Only the routes that used an email name it, and then always.
    for (const path of ['/passwords', '/passwords/authenticate', '/passwords/email/reset']) expect(dataOf(path).required).toContain('email_id');
    for (const path of ['/passwords/existing_password/reset', '/passwords/session/reset']) expect(dataOf(path).properties).not.toHaveProperty('email_id');
  });

  it('is not the payload of sessions/authenticate, which always has a live session', () => {
    const data = dataOf('/sessions/authenticate');
    expect(data.properties!.session).toEqual({ $ref: '#/components/schemas/Session' });
    expect(data.properties).not.toHaveProperty('mfa_required');
    expect(data.properties).not.toHaveProperty('intermediate_session_token');
  });
});
