import { randomBytes, randomUUID } from 'node:crypto';
import { rateLimitCounters } from '@keepsake/db/schema';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { startTestServer, type TestServer } from '../testing/harness.ts';

let server: TestServer;
beforeAll(async () => {
  // Behind a trusted proxy (this machine), so that each test speaks from its own client IP.
  server = await startTestServer({ env: { RATE_LIMIT_API_KEY_PER_MINUTE: '3', RATE_LIMIT_INVALID_KEY_PER_IP: '5', TRUSTED_PROXIES: '127.0.0.1' } });
});
afterAll(() => server?.close());

const newKey = async () => (await server.services.projects.operatorCreateProject(`limits-${randomUUID()}@example.com`, 'Limits')).apiKey;
const garbageKey = () => `sk_staging_${randomBytes(24).toString('base64url')}`;
const call = (key: string, path = '/api/2022-06-09/collections', ip = '192.0.2.1') =>
  server.request(path, { headers: { 'x-api-key': key, 'x-forwarded-for': ip } });

it('limits developer API calls per API key and answers 429 in the spec shape', async () => {
  const a = await newKey();
  const b = await newKey();
  const statuses = [];
  for (let i = 0; i < 4; i++) statuses.push((await call(a)).status);
  expect(statuses).toEqual([200, 200, 200, 429]);
  const limited = await call(a);
  expect(limited.body).toMatchObject({ status_code: 429, error_type: 'too_many_requests' });
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  // Another key has its own budget.
  expect((await call(b)).status).toBe(200);
});

it('issue 10: one budget per API key across every developer API route, not one per route', async () => {
  const key = await newKey();
  const paths = [
    '/api/2022-06-09/collections',
    `/api/2022-06-09/actions/${randomUUID()}`,
    `/api/2022-06-09/collections/${randomUUID()}/nfts`,
    '/api/2025-06-09/wallets/email:limits@example.com:evm',
  ];
  const statuses = [];
  for (const path of paths) statuses.push((await call(key, path)).status);
  expect(statuses.slice(0, 3).every((status) => status !== 429)).toBe(true);
  expect(statuses[3]).toBe(429);
});

it('issue 10: thousands of random key values do not reset a limited key', async () => {
  const key = await newKey();
  for (let i = 0; i < 3; i++) expect((await call(key)).status).toBe(200);
  expect((await call(key)).status).toBe(429);
  // More distinct keys than the old in-memory store held (an LRU of 5,000 buckets), on the same route.
  const seen = new Set<number>();
  for (let batch = 0; batch < 104; batch++) {
    const answers = await Promise.all(Array.from({ length: 50 }, () => call(garbageKey(), '/api/2022-06-09/collections', '198.51.100.7')));
    for (const res of answers) seen.add(res.status);
  }
  expect((await call(key)).status).toBe(429);
  // The garbage was refused, then limited by IP.
  expect([...seen].sort()).toEqual([401, 429]);
});

it('issue 10: invalid keys are limited per client IP, and a refused IP costs no key lookup', async () => {
  const projects = server.services.projects;
  const lookUp = projects.authenticateApiKey.bind(projects);
  let lookups = 0;
  projects.authenticateApiKey = (secret) => {
    lookups++;
    return lookUp(secret);
  };
  try {
    const ip = '203.0.113.9';
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await call(garbageKey(), undefined, ip)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect(lookups).toBe(6);
    const refused = await call(garbageKey(), undefined, ip);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ status_code: 429, error_type: 'too_many_requests' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Refused before the lookup, whatever the key (ADR 078).
    expect((await call(await newKey(), undefined, ip)).status).toBe(429);
    expect(lookups).toBe(6);
    // Another client IP has its own budget.
    expect((await call(garbageKey(), undefined, '203.0.113.10')).status).toBe(401);
  } finally {
    projects.authenticateApiKey = lookUp;
  }
});

describe('ADR 089: a valid key is counted in memory, and every process shares its budget through the database', () => {
  const LIMIT = 100; // a process holds at most a tenth of it unsent
  let shared: TestServer;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    // The background flush is far off, so that only what the test asks for (or the headroom) reaches the database.
    shared = await startTestServer({ env: { KEEPSAKE_ROLE: 'api', RATE_LIMIT_API_KEY_PER_MINUTE: String(LIMIT), RATE_LIMIT_API_KEY_FLUSH_MS: '10000' } });
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await shared?.close();
  });

  /** Another app instance on the same database, with limits of its own: a second process, as far as they go. */
  async function instance(): Promise<FastifyInstance> {
    const app = await buildApp(shared.ctx, shared.services);
    apps.push(app);
    return app;
  }
  const key = async () => (await shared.services.projects.operatorCreateProject(`limits-${randomUUID()}@example.com`, 'Limits')).apiKey;
  const keyId = async (secret: string) => (await shared.services.projects.authenticateApiKey(secret))!.id;
  const callOn = async (app: FastifyInstance, secret: string) =>
    (await app.inject({ method: 'GET', url: '/api/2022-06-09/collections', headers: { 'x-api-key': secret } })).statusCode;
  const counted = async (id: string) =>
    (
      await shared.ctx.db
        .select()
        .from(rateLimitCounters)
        .where(eq(rateLimitCounters.bucket, `apikey:${id}`))
    ).reduce((sum, row) => sum + row.hits, 0);

  /**
   * The sliding estimate weighs the previous minute by how much of it is left: a run that crosses a minute edge
   * may admit a hit or two more than the bound. Start each run away from the edge.
   */
  async function awayFromMinuteEdge() {
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
  }

  it('a call with a valid key writes nothing to the database; the counts arrive when the process flushes', async () => {
    const app = await instance();
    const secret = await key();
    const id = await keyId(secret);
    for (let i = 0; i < 9; i++) expect(await callOn(app, secret)).toBe(200);
    expect(await counted(id)).toBe(0);
    await app.apiKeyLimits.flush();
    expect(await counted(id)).toBe(9);
    // Garbage keys never take a key's place in memory.
    const before = app.apiKeyLimits.keysInMemory();
    for (let i = 0; i < 30; i++) expect(await callOn(app, `sk_staging_${randomBytes(24).toString('base64url')}`)).toBe(401);
    expect(app.apiKeyLimits.keysInMemory()).toBe(before);
  });

  it('two app instances on one database share one budget: together at most the limit plus a tenth', async () => {
    await awayFromMinuteEdge();
    const [a, b] = [await instance(), await instance()];
    const secret = await key();
    let admitted = 0;
    for (let wave = 0; wave < 10; wave++) {
      const statuses = await Promise.all(Array.from({ length: 24 }, (_, i) => callOn(i % 3 === 0 ? a : b, secret)));
      expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
      admitted += statuses.filter((status) => status === 200).length;
    }
    expect(admitted).toBeGreaterThanOrEqual(LIMIT);
    expect(admitted).toBeLessThanOrEqual(LIMIT + LIMIT / 10);
    expect(await callOn(a, secret)).toBe(429);
    expect(await callOn(b, secret)).toBe(429);
    // Closing an instance (a graceful shutdown) sends what it counted: nothing admitted goes uncounted.
    await Promise.all([a.close(), b.close()]);
    expect(await counted(await keyId(secret))).toBe(admitted);
  });
});
