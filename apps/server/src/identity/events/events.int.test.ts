// POST /sdk/v1/events: client telemetry, in our SDK's form (Basic auth) and in the genuine Stytch client's
// (issue 10: no Authorization header, the public token inside each event, posted from the app's origin).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/harness.ts';
import { basicAuth, createSdkProject, expectSdkError, rowsOf } from '../../testing/sdk.ts';

const APP = 'https://app.example.com';
const OTHER = 'https://other.example.com';
const EVENTS_PER_IP = 25;

let server: TestServer;
let project: Awaited<ReturnType<typeof createSdkProject>>;
let other: Awaited<ReturnType<typeof createSdkProject>>;

beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_EVENTS_PER_IP: String(EVENTS_PER_IP) } });
  project = await createSdkProject(server, 'owner.events@example.com', 'Events project', [APP]);
  other = await createSdkProject(server, 'owner2.events@example.com', 'Other events project', [OTHER]);
});
afterAll(() => server?.close());

function post(body: unknown, init: { publicToken?: string; origin?: string } = {}) {
  const headers: Record<string, string> = {};
  if (init.publicToken) headers.authorization = basicAuth(init.publicToken);
  if (init.origin) headers.origin = init.origin;
  return server.request('/sdk/v1/events', { method: 'POST', headers, body });
}

async function storedFor(projectId: string) {
  return rowsOf<{ event_name: string; error_code: string | null; http_status_code: number | null; details: unknown }>(
    await server.ctx.db.execute(
      `select event_name, error_code, http_status_code, details from auth_events where project_id = '${projectId}' order by event_name`,
    ),
  );
}

/** A batch as @stytch/vanilla-js 5.23.1 sends it (EventLogger.flush): `{telemetry, event}` items, token inside. */
function clientBatch(publicToken: string, names: string[]) {
  return names.map((name) => ({
    telemetry: {
      event_id: `event-id-${crypto.randomUUID()}`,
      app_session_id: `app-session-id-${crypto.randomUUID()}`,
      persistent_id: `persistent-id-${crypto.randomUUID()}`,
      client_sent_at: new Date().toISOString(),
      timezone: 'Europe/Paris',
      app: { identifier: 'app.example.com' },
      sdk: { identifier: 'Stytch.js Javascript SDK', version: '5.23.1' },
    },
    event: { public_token: publicToken, event_name: name, details: { event_callback_registered: false } },
  }));
}

describe('POST /sdk/v1/events', () => {
  it('needs the public token (401 first), then stores a batch of telemetry', async () => {
    expectSdkError(await post([{ event_name: 'email_sent' }]), 401, 'unauthorized_credentials');
    const batch = [
      { event_name: 'render_login_screen', details: { products: ['otp'] } },
      { event_name: 'email_sent', error_code: null, http_status_code: 200 },
      {
        telemetry: { sdk: 'js' },
        event: { event_name: 'sdk_error', error_code: 'otp_code_not_found', error_description: 'wrong code', http_status_code: 404 },
      },
    ];
    const res = await post(batch, { publicToken: project.publicToken });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status_code: 200, accepted: 3 });
    const wrapped = await post({ events: [{ event_name: 'email_try_again_clicked' }] }, { publicToken: project.publicToken });
    expect(wrapped.body.data.accepted).toBe(1);
    const stored = await storedFor(project.projectId);
    expect(stored.map((r) => r.event_name)).toEqual(['email_sent', 'email_try_again_clicked', 'render_login_screen', 'sdk_error']);
    expect(stored.find((r) => r.event_name === 'sdk_error')).toMatchObject({ error_code: 'otp_code_not_found', http_status_code: 404 });
  });

  it('refuses bad and oversized batches with 400', async () => {
    for (const body of [
      [],
      {},
      [{}],
      [{ event_name: 42 }],
      [{ event_name: 'x', details: 'text' }],
      [{ event_name: 'x', details: { big: 'x'.repeat(5000) } }],
      [{ event_name: 'x', public_token: 42 }],
      Array.from({ length: 51 }, () => ({ event_name: 'e' })),
    ]) {
      expectSdkError(await post(body, { publicToken: project.publicToken }), 400, 'invalid_request');
    }
  });
});

describe("issue 10: the genuine client's telemetry", () => {
  it('is accepted without an Authorization header, from the app origin, and stored under the project its token names', async () => {
    const res = await post(clientBatch(project.publicToken, ['sdk_instance_instantiated', 'render_login_screen']), { origin: APP });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.accepted).toBe(2);
    expect(res.headers.get('access-control-allow-origin')).toBe(APP);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    const stored = await storedFor(project.projectId);
    expect(stored.filter((r) => r.event_name === 'sdk_instance_instantiated')).toEqual([
      expect.objectContaining({ details: { event_callback_registered: false } }),
    ]);
  });

  it("ties each event to its own token's project, even in one batch", async () => {
    const before = (await storedFor(other.projectId)).length;
    // A page on localhost may call any test project.
    const mixed = [...clientBatch(project.publicToken, ['mixed_first']), ...clientBatch(other.publicToken, ['mixed_second'])];
    const res = await post(mixed, { origin: 'http://localhost:5173' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await storedFor(project.projectId)).map((r) => r.event_name)).toContain('mixed_first');
    expect((await storedFor(project.projectId)).map((r) => r.event_name)).not.toContain('mixed_second');
    const others = await storedFor(other.projectId);
    expect(others).toHaveLength(before + 1);
    expect(others.map((r) => r.event_name)).toEqual(['mixed_second']);
    // The token inside an event wins over the call's Basic auth.
    expect((await post(clientBatch(other.publicToken, ['token_wins']), { publicToken: project.publicToken })).status).toBe(200);
    expect((await storedFor(other.projectId)).map((r) => r.event_name)).toContain('token_wins');
  });

  it('refuses unknown or missing tokens with 401 and stores nothing of the batch; the answer stays readable to the app', async () => {
    const unknown = 'public-token-test-00000000-0000-4000-8000-000000000000';
    for (const batch of [
      clientBatch(unknown, ['unknown_token']),
      [...clientBatch(project.publicToken, ['half_known']), ...clientBatch(unknown, ['half_unknown'])],
      clientBatch('not-a-public-token', ['malformed_token']),
      [{ event: { event_name: 'no_token' } }],
    ]) {
      const res = await post(batch, { origin: APP });
      expectSdkError(res, 401, 'unauthorized_credentials');
      expect(res.headers.get('access-control-allow-origin')).toBe(APP);
    }
    const names = (await storedFor(project.projectId)).map((r) => r.event_name);
    expect(names).not.toContain('half_known');
    const everywhere = rowsOf<{ n: number }>(
      await server.ctx.db.execute(
        `select count(*)::int as n from auth_events where event_name in ('unknown_token', 'half_unknown', 'malformed_token', 'no_token')`,
      ),
    );
    expect(Number(everywhere[0]!.n)).toBe(0);
  });

  it('refuses, with 403 invalid_origin, events from an origin their project does not allow', async () => {
    // OTHER passes the preflight (the other project allows it), but this project does not.
    const res = await post(clientBatch(project.publicToken, ['wrong_origin']), { origin: OTHER });
    expectSdkError(res, 403, 'invalid_origin');
    expect(res.headers.get('access-control-allow-origin')).toBe(OTHER);
    expect((await storedFor(project.projectId)).map((r) => r.event_name)).not.toContain('wrong_origin');
    const evil = await post(clientBatch(project.publicToken, ['evil_origin']), { origin: 'https://evil.example' });
    expectSdkError(evil, 403, 'invalid_origin');
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
  });

  it(`is rate limited per address (${EVENTS_PER_IP} batches per window), with a readable 429`, async () => {
    let limited: Awaited<ReturnType<typeof post>> | undefined;
    for (let i = 0; i <= EVENTS_PER_IP && !limited; i++) {
      const res = await post(clientBatch(project.publicToken, ['flood']), { origin: APP });
      if (res.status === 429) limited = res;
      else expect(res.status).toBe(200);
    }
    expect(limited, `no 429 within ${EVENTS_PER_IP + 1} batches`).toBeDefined();
    expectSdkError(limited!, 429, 'too_many_requests');
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited!.headers.get('access-control-allow-origin')).toBe(APP);
    // Made-up tokens count too: they cannot get past the limit to cost lookups.
    expectSdkError(await post(clientBatch('public-token-test-made-up', ['flood']), { origin: APP }), 429, 'too_many_requests');
  });
});
