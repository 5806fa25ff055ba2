// The bad-input pass: random and malformed requests against every route the OpenAPI document lists, with and
// without valid credentials. Whatever arrives, the answer is never a 5xx, never a hang, and every error has the
// spec §8 shape. New routes are covered as soon as they are documented.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.ts';

type Route = { method: string; path: string; query: string[]; hasBody: boolean };

/** Routes that end the caller's session; they run last so the others keep valid credentials. */
const sessionEnding = new Set([
  'POST /sdk/v1/sessions/revoke',
  'POST /api/session/signout',
  'GET /api/session/signout',
  // Replaces the caller's session with a new one.
  'POST /sdk/v1/passwords/session/reset',
]);

/** High enough that the fuzzing reaches validation instead of the rate limiter. */
const generousLimits = {
  RATE_LIMIT_OTP_PER_IDENTIFIER: '100000',
  RATE_LIMIT_OTP_PER_IP: '100000',
  RATE_LIMIT_API_KEY_PER_MINUTE: '100000',
};

async function documentedRoutes(server: TestServer): Promise<Route[]> {
  const doc = (await server.request('/api/openapi.json')).body as {
    paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }>; requestBody?: unknown }>>;
  };
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      hasBody: Boolean(op.requestBody),
    })),
  );
}

type Credentials = { cookie: string; basic: string; apiKey: string; operator: string; projectId?: string };

const uuid = fc.uuid();
const nastyString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('', ' ', '%00', '..', '../../etc/passwd', "' or 1=1 --", '<script>', '🙂', 'null', 'undefined', '-1', '1e309', 'a'.repeat(600)),
);
const pathValue = fc.oneof(
  uuid,
  nastyString,
  fc.constantFrom(
    'email:a@example.com:evm',
    'userId:u1:devnet',
    'devnet:0x000000000000000000000000000000000000dEaD',
    '0x000000000000000000000000000000000000dead',
    'github',
    'google',
  ),
);
/** Ids of resources that exist (the caller's project, a webhook endpoint, collections, a template, an action), so handlers get past 404. */
const knownIds: string[] = [];
const jsonValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(
    fc.constantFrom(
      'email',
      'token',
      'method_id',
      'name',
      'projectId',
      'userId',
      'role',
      'environment',
      'scopes',
      'session_token',
      'session_duration_minutes',
      'expiration_minutes',
      'callbackUrl',
      'ownerEmail',
      'login_template_id',
      'phone_number',
      'password',
      'existing_password',
      'new_password',
      'code_challenge',
      'code_verifier',
      'login_magic_link_url',
      'reset_password_redirect_url',
      'url',
      'eventTypes',
      'eventType',
      'messageId',
      'enabled',
      'owner',
      'chainType',
      'type',
      'chain',
      'fungibility',
      'metadata',
      'supplyLimit',
      'payments',
      'socialLinks',
      'bannerUrl',
      'primaryColor',
      'onChain',
      'supply',
      'recipient',
      'nfts',
      'templateId',
      'amount',
      'crypto_wallet_address',
      'crypto_wallet_type',
      'signature',
      'siwe_params',
      'clientId',
      'clientSecret',
      'customScopes',
      'message',
      'fid',
      'username',
      'pfpUrl',
      'custodyAddress',
    ),
    fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      nastyString,
      uuid,
      fc.constantFrom(
        'a@example.com',
        'owner',
        'staging',
        ['collections.read'],
        60,
        -1,
        1e12,
        '+14155552671',
        'http://localhost:3000/x',
        'x'.repeat(43),
        'email:a@example.com',
        'userId:u1',
        'email:a@example.com:devnet',
        'evm',
        'farcaster',
        'mpc',
        'devnet',
        'semi-fungible',
        { name: 'Fuzz', description: 'Fuzzed' },
        // An unpaired surrogate (sent as the escape "\ud800"), which jsonb refuses (issue 10).
        'lone \ud800',
        { name: 'Fuzz \udc00', description: 'Fuzzed' },
        { tokenId: '1' },
        { limit: 2 },
        'ethereum',
        'solana',
        '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
        '4Nd1mYQmPvZ6DL8c9yZvqXh9jvPVEuVtJmPLXb8oEvrF',
        `0x${'ab'.repeat(65)}`,
        { uri: 'http://localhost:3000', chain_id: '31337', resources: ['nope'], issued_at: '2026-13-45T99:00:00Z' },
      ),
    ),
  ),
);
/** Wide JSON (issue 10: a guard that spread arrays overflowed the stack at ~150k elements, a 500 before any auth). */
const wideBodies = [
  `[${new Array<string>(200_000).fill('0').join(',')}]`,
  `{"nfts":[${new Array<string>(150_000).fill('{}').join(',')}]}`,
  JSON.stringify(Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, i]))),
];
/**
 * Deep JSON (issue 22 item 7: `details` or `untrusted_metadata` nested ~5,000 levels overflowed the stack, a 500):
 * objects, arrays, both, inside a field, and one level too many.
 */
const deepBodies = [
  `${'{"a":'.repeat(6_000)}1${'}'.repeat(6_000)}`,
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  `{"details":${'[{"a":'.repeat(3_000)}1${'}]'.repeat(3_000)}}`,
  `{"untrusted_metadata":${'{"a":'.repeat(32)}1${'}'.repeat(32)}}`,
];
/** What goes on the wire as the body: JSON, broken JSON, wide JSON, deep JSON, or nothing. */
const rawBody = fc.oneof(
  jsonValue.map((v) => JSON.stringify(v)),
  fc.constantFrom(...wideBodies),
  fc.constantFrom(...deepBodies),
  fc.constantFrom('', '{', '{"email":', '[1,2', 'null', 'true', '"string"', '{"a":1}}', '\u0000', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{}}}'),
  fc.string({ maxLength: 60 }),
  fc.constant(undefined),
);
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  undefined,
);
const authChoice = fc.constantFrom('valid', 'none', 'garbage', 'wrong-kind');

function headersFor(choice: string, credentials: Credentials): Record<string, string> {
  switch (choice) {
    case 'valid':
      return { cookie: credentials.cookie, authorization: credentials.basic, 'x-api-key': credentials.apiKey };
    case 'garbage':
      return { cookie: 'keepsake_session=%ZZ; stytch_session=x', authorization: 'Basic !!!not-base64', 'x-api-key': 'sk_staging_' + 'x'.repeat(30) };
    case 'wrong-kind':
      return { authorization: credentials.operator.replace('Bearer', 'Basic'), 'x-api-key': credentials.basic };
    default:
      return {};
  }
}

function fillPath(path: string, values: string[]): string {
  let i = 0;
  return path.replace(/\{[^}]+\}/g, () => encodeURIComponent(values[i++] ?? ''));
}

function expectSpecShapeOrSuccess(res: { status: number; body: any; headers: Headers }, what: string) {
  expect(res.status, `${what} → ${res.status} ${JSON.stringify(res.body)}`).toBeLessThan(500);
  if (res.status >= 400) {
    expect(Object.keys(res.body ?? {}).sort(), what).toEqual(['error_message', 'error_type', 'error_url', 'request_id', 'status_code']);
    expect(res.body.status_code, what).toBe(res.status);
    expect(res.body.error_type, what).toMatch(/^[a-z_]+$/);
    expect(res.body.error_message.length, what).toBeGreaterThan(0);
  }
}

/** The identity provider's token and userinfo endpoints answer RFC 6749/6750 errors, which relying parties read (ADR 115). */
const oauthProtocolRoute = /^\/v1\/public\/\{project_id\}\/oauth2\//;

function expectProtocolShapeOrSuccess(res: { status: number; body: any; headers: Headers }, what: string) {
  if (res.status < 500 && res.status >= 400 && res.body && 'error' in res.body) {
    expect(Object.keys(res.body).sort(), what).toEqual(['error', 'error_description']);
    expect(res.body.error, what).toMatch(/^[a-z_]+$/);
    return;
  }
  expectSpecShapeOrSuccess(res, what);
}

/** One random request per run against `route`; the request may not take longer than 5 s. */
async function fuzzRoute(server: TestServer, route: Route, credentials: () => Promise<Credentials>, numRuns: number) {
  const request = fc.record({
    params: fc.array(knownIds.length > 0 ? fc.oneof(pathValue, fc.constantFrom(...knownIds)) : pathValue, { minLength: 2, maxLength: 2 }),
    query: fc.array(
      fc.tuple(fc.constantFrom(...route.query, 'unknown'), knownIds.length > 0 ? fc.oneof(nastyString, fc.constantFrom(...knownIds)) : nastyString),
      {
        maxLength: 3,
      },
    ),
    body: rawBody,
    contentType,
    auth: authChoice,
    origin: fc.constantFrom(undefined, server.url, 'https://evil.example', 'null'),
  });
  await fc.assert(
    fc.asyncProperty(request, async (r) => {
      const search = new URLSearchParams(r.query).toString();
      const url = fillPath(route.path, r.params) + (search ? `?${search}` : '');
      const headers = headersFor(r.auth, await credentials());
      if (r.contentType && r.body !== undefined) headers['content-type'] = r.contentType;
      if (r.origin) headers.origin = r.origin;
      const res = await server.request(url, { method: route.method, headers, rawBody: route.method === 'GET' ? undefined : r.body, timeoutMs: 5_000 });
      const expectShape = oauthProtocolRoute.test(route.path) ? expectProtocolShapeOrSuccess : expectSpecShapeOrSuccess;
      expectShape(res, `${route.method} ${url} body=${String(r.body).slice(0, 80)} auth=${r.auth}`);
    }),
    { numRuns },
  );
}

describe('bad input on every documented route', () => {
  let server: TestServer;
  let credentials: Credentials;
  let routes: Route[];

  async function freshCredentials(): Promise<Credentials> {
    const email = `fuzz-${crypto.randomUUID()}@example.com`;
    const cookie = await server.signIn(email);
    const project = await server.services.projects.operatorCreateProject(email, 'Fuzz');
    const sessionToken = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
    const publicToken = (await server.services.identity.platformTenant()).publicToken;
    return {
      cookie,
      basic: `Basic ${Buffer.from(`${publicToken}:${sessionToken}`).toString('base64')}`,
      apiKey: project.apiKey,
      operator: `Bearer ${server.ctx.operatorSecret}`,
      projectId: project.projectId,
    };
  }

  beforeAll(async () => {
    // With a chain, so that collections can be created and their routes fuzzed past 404.
    server = await startTestServer({ env: generousLimits, chain: true });
    credentials = await freshCredentials();
    const endpoint = await server.request(`/api/console/projects/${credentials.projectId}/webhooks`, {
      method: 'POST',
      cookie: credentials.cookie,
      body: { url: 'http://127.0.0.1:9/fuzz', eventTypes: ['nfts.create.succeeded'] },
    });
    expect(endpoint.status).toBe(201);
    knownIds.push(credentials.projectId!, endpoint.body.endpoint.id as string);
    // An OAuth client (GitHub: its start needs no network), so that the public OAuth start gets past 404 with this token.
    const fuzzProject = await server.services.projects.operatorCreateProject(`fuzz-oauth-${crypto.randomUUID()}@example.com`, 'Fuzz OAuth');
    await server.services.identity.oauthClients.save(fuzzProject.projectId, 'github', {
      clientId: 'fuzz',
      clientSecret: 'fuzz-secret',
      customScopes: [],
      enabled: true,
    });
    knownIds.push(fuzzProject.publicToken);
    const api = { 'x-api-key': credentials.apiKey };
    const semi = await server.request('/api/2022-06-09/collections', {
      method: 'POST',
      headers: api,
      body: { chain: 'devnet', fungibility: 'semi-fungible', metadata: { name: 'Fuzz', description: 'Fuzzed' } },
    });
    expect(semi.status).toBe(201);
    const template = await server.request(`/api/2022-06-09/collections/${semi.body.id as string}/templates`, {
      method: 'POST',
      headers: api,
      body: { metadata: { name: 'T' } },
    });
    expect(template.status).toBe(201);
    knownIds.push(semi.body.id as string, semi.body.actionId as string, template.body.templateId as string, '1');
    routes = await documentedRoutes(server);
  });
  afterAll(() => server?.close());

  it('documents the routes of the foundation', () => {
    const names = routes.map((r) => `${r.method} ${r.path}`);
    for (const expected of [
      'POST /sdk/v1/otps/email/login_or_create',
      'POST /sdk/v1/otps/authenticate',
      'POST /sdk/v1/otps/sms/send/secondary',
      'POST /sdk/v1/otps/whatsapp/login_or_create',
      'POST /sdk/v1/magic_links/email/login_or_create',
      'POST /sdk/v1/magic_links/authenticate',
      'GET /v1/public/oauth/{provider}/start',
      'GET /v1/public/oauth/callback',
      'POST /sdk/v1/oauth/authenticate',
      'GET /api/console/projects/{id}/oauth-providers',
      'PUT /api/console/projects/{id}/oauth-providers/{provider}',
      'POST /sdk/v1/passwords',
      'POST /sdk/v1/passwords/email/reset',
      'POST /sdk/v1/passwords/session/reset',
      'POST /sdk/v1/users/search',
      'DELETE /sdk/v1/users/emails/{id}',
      'DELETE /sdk/v1/users/phone_numbers/{id}',
      'POST /sdk/v1/sessions/authenticate',
      'POST /sdk/v1/sessions/revoke',
      'GET /sdk/v1/users/me',
      'POST /sdk/v1/crypto_wallets/authenticate/start/primary',
      'POST /sdk/v1/crypto_wallets/authenticate/start/secondary',
      'POST /sdk/v1/crypto_wallets/authenticate',
      'DELETE /sdk/v1/users/crypto_wallets/{crypto_wallet_id}',
      'GET /sdk/v1/projects/bootstrap/{public_token}',
      'GET /api/session',
      'POST /api/console/projects',
      'POST /api/console/projects/{id}/apiKeys',
      'GET /api/2022-06-09/collections',
      'POST /api/2025-06-09/wallets',
      'GET /api/2025-06-09/wallets/{locator}',
      'GET /api/2025-06-09/wallets/{locator}/balances',
      'GET /api/2025-06-09/wallets/{locator}/nfts',
      'GET /api/v1-alpha1/wallets',
      'GET /api/v1-alpha1/wallets/{address}',
      'POST /api/operator/projects',
      'POST /api/console/projects/{id}/webhooks',
      'PATCH /api/console/projects/{id}/webhooks/{endpointId}',
      'GET /api/console/projects/{id}/webhooks/{endpointId}/attempts',
      'POST /api/console/projects/{id}/webhooks/{endpointId}/resend',
      'POST /api/console/projects/{id}/webhooks/{endpointId}/test',
      'POST /api/2022-06-09/collections',
      'PUT /api/2022-06-09/collections/{collectionId}',
      'PATCH /api/2022-06-09/collections/{collectionId}',
      'GET /api/2022-06-09/collections/{collectionId}',
      'POST /api/2022-06-09/collections/{collectionId}/templates',
      'GET /api/2022-06-09/collections/{collectionId}/templates/{templateId}',
      'GET /api/2022-06-09/actions/{actionId}',
      'POST /api/2022-06-09/collections/{collectionId}/nfts',
      'PUT /api/2022-06-09/collections/{collectionId}/nfts/{nftId}',
      'GET /api/2022-06-09/collections/{collectionId}/nfts',
      'GET /api/2022-06-09/collections/{collectionId}/nfts/{nftId}',
      'GET /api/metadata/{collectionId}/{tokenId}',
      'GET /api/metadata/{collectionId}/contract',
      'GET /api/console/chains',
      'GET /api/console/collections/{collectionId}/nfts/{nftId}',
      'GET /api/v1-alpha1/collections',
      'POST /api/v1-alpha1/collections',
      'PATCH /api/console/collections/{id}',
      'PUT /api/console/collections/{id}/branding',
      'POST /api/2022-06-09/orders/{orderId}/payment',
      'POST /api/2022-06-09/payments/stripe/webhook',
    ]) {
      expect(names).toContain(expected);
    }
  });

  it('never answers a 5xx or an error outside the spec shape, on any route', async () => {
    const ordered = [...routes].sort((a, b) => Number(sessionEnding.has(`${a.method} ${a.path}`)) - Number(sessionEnding.has(`${b.method} ${b.path}`)));
    for (const route of ordered) {
      if (route.path === '/api/openapi.json') continue;
      // Routes that end the session get fresh credentials for each run so that every run reaches the handler.
      if (sessionEnding.has(`${route.method} ${route.path}`)) await fuzzRoute(server, route, freshCredentials, 15);
      else await fuzzRoute(server, route, async () => credentials, 40);
    }
  }, 240_000);

  it('refuses NUL characters in paths, queries and JSON bodies with a 400 (PostgreSQL text cannot hold them)', async () => {
    const headers = { ...headersFor('valid', credentials), 'content-type': 'application/json' };
    const project = (await server.request('/api/console/projects', { headers })).body.projects[0].id as string;
    const requests: Array<[string, { method?: string; rawBody?: string }]> = [
      [`/api/v1-alpha1/wallets?projectId=${project}&search=a%00b`, {}],
      ['/api/2025-06-09/wallets/email:a%00b@example.com:evm', {}],
      ['/api/2025-06-09/wallets', { method: 'POST', rawBody: JSON.stringify({ owner: 'email:a\u0000b@example.com' }) }],
      ['/sdk/v1/otps/email/login_or_create', { method: 'POST', rawBody: JSON.stringify({ email: 'a\u0000b@example.com' }) }],
      ['/api/console/projects', { method: 'POST', rawBody: JSON.stringify({ ['na\u0000me']: 'x', nested: [[{ name: 'x\u0000' }]] }) }],
    ];
    for (const [path, init] of requests) {
      const res = await server.request(path, { ...init, headers });
      expectSpecShapeOrSuccess(res, path);
      expect(res.status, path).toBe(400);
      expect(res.body.error_message).toBe('The request contains a NUL character (U+0000), which no field accepts.');
    }
  });

  it('answers unknown routes, undecodable paths and oversized bodies in the spec shape', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api', '/sdk/v1', '/api/console', '/api/2022-06-09'),
        fc.array(fc.stringMatching(/^[A-Za-z0-9._~-]{1,12}$/), { minLength: 1, maxLength: 3 }),
        fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
        async (prefix, segments, method) => {
          const path = `${prefix}/zz-${segments.join('/')}`;
          const res = await server.request(path, { method, headers: { 'content-type': 'application/json' }, rawBody: method === 'GET' ? undefined : '{}' });
          expectSpecShapeOrSuccess(res, `${method} ${path}`);
          expect(res.status).toBe(404);
        },
      ),
      { numRuns: 60 },
    );
    for (const path of ['/api/%E0%A4%A', '/sdk/v1/projects/bootstrap/%FF', `/sdk/v1/sessions/jwks/${'a'.repeat(600)}`]) {
      const res = await server.request(path);
      expectSpecShapeOrSuccess(res, `GET ${path.slice(0, 60)}`);
      expect([400, 414]).toContain(res.status);
    }
    for (const route of routes.filter((r) => r.hasBody)) {
      const res = await server.request(fillPath(route.path, [crypto.randomUUID(), crypto.randomUUID()]), {
        method: route.method,
        headers: { 'content-type': 'application/json', ...headersFor('valid', credentials) },
        rawBody: JSON.stringify({ email: 'a@example.com', padding: 'x'.repeat(server.config.bodyLimitBytes + 1) }),
      });
      expectSpecShapeOrSuccess(res, `${route.method} ${route.path} oversized`);
      expect(res.status).toBe(413);
      expect(res.body.error_type).toBe('payload_too_large');
    }
  });

  it('issue 22 item 7: refuses JSON nested deeper than 32 levels with a 400 on every route that takes a body, not a 500', async () => {
    const routesWithBodies = routes.filter((r) => r.hasBody);
    expect(routesWithBodies.length).toBeGreaterThan(50);
    for (const route of routesWithBodies) {
      // And a megabyte of `[`, just under the body limit.
      for (const [i, rawBody] of [...deepBodies, '['.repeat(500_000) + ']'.repeat(500_000)].entries()) {
        const what = `${route.method} ${route.path} deep body ${i}`;
        const res = await server.request(fillPath(route.path, [crypto.randomUUID(), crypto.randomUUID()]), {
          method: route.method,
          headers: { 'content-type': 'application/json', ...headersFor('valid', credentials) },
          rawBody,
        });
        expectSpecShapeOrSuccess(res, what);
        // Stripe's webhook takes its body as text, for its signature (which refuses it); every other route parses it.
        if (route.path === '/api/2022-06-09/payments/stripe/webhook') continue;
        expect(res.status, `${what} → ${res.status} ${JSON.stringify(res.body)}`).toBe(400);
        expect(res.body.error_message, what).toMatch(/more than 32 levels deep/);
      }
    }
  }, 240_000);
});

describe('bad input on the dev-mode routes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ devMailbox: true });
  });
  afterAll(() => server?.close());

  it('never answers a 5xx on the dev mailbox, whatever the query and headers', async () => {
    const routes = (await documentedRoutes(server)).filter((r) => r.path.startsWith('/api/dev/'));
    expect(routes.map((r) => `${r.method} ${r.path}`)).toContain('GET /api/dev/mailbox');
    const none: Credentials = { cookie: '', basic: '', apiKey: '', operator: '' };
    for (const route of routes) await fuzzRoute(server, route, async () => none, 30);
  });
});
