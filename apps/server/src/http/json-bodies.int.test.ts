// JSON bodies the database cannot take are refused with a 400 before any route runs: wide arrays (the guard that
// looks for them once overflowed the stack on 150k elements), unpaired surrogates (jsonb refuses `\ud800`) and
// nesting deeper than 32 levels (issue 22 item 7: what handles a parsed body recurses, and overflowed the stack).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { maxJsonDepth } from '../platform/json-depth.ts';
import { collectionBody, developerApi } from '../testing/collections.ts';
import { startTestServer, testDb, type TestServer } from '../testing/harness.ts';
import { basicAuth, sdkLogin } from '../testing/sdk.ts';

let server: TestServer;
let api: ReturnType<typeof developerApi>;
let apiKey: string;
let collectionId: string;
let semiFungibleId: string;
beforeAll(async () => {
  // With a chain, so that collections exist and each route gets as far as storing its JSON.
  server = await startTestServer({ chain: true });
  const project = await server.services.projects.operatorCreateProject(`json-${randomUUID()}@example.com`, 'JSON bodies');
  apiKey = project.apiKey;
  api = developerApi(server, apiKey);
  collectionId = (await api.createCollection(collectionBody())).id;
  semiFungibleId = (await api.createCollection(collectionBody({ fungibility: 'semi-fungible' }))).id;
});
afterAll(() => server?.close());

function expectRefused(res: { status: number; body: any }, message: RegExp, what: string) {
  expect(res.status, `${what} → ${res.status} ${JSON.stringify(res.body)}`).toBe(400);
  expect(Object.keys(res.body).sort()).toEqual(['error_message', 'error_type', 'error_url', 'request_id', 'status_code']);
  expect(res.body.error_message).toMatch(message);
}

it('issue 10: a JSON array of 200,000 zeros before authentication answers 400, not 500', async () => {
  const zeros = `[${new Array<string>(200_000).fill('0').join(',')}]`;
  for (const path of ['/api/session/authenticate', '/sdk/v1/sessions/authenticate', '/api/2022-06-09/collections']) {
    const res = await server.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, rawBody: zeros });
    expect(res.status, `${path} → ${res.status} ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
    expect(res.status, path).toBeLessThan(500);
    expect(res.body.status_code, path).toBe(res.status);
  }
});

it('issue 10: an unpaired surrogate is refused with a 400 on every route that stores JSON in jsonb', async () => {
  // `"\ud800"` as it arrives on the wire: a JSON escape of a lone high surrogate.
  const lone = '\\ud800';
  const metadata = `{"name":"Ticket ${lone}","description":"d"}`;
  const requests: Array<[string, string, string]> = [
    ['POST', '/collections', `{"chain":"devnet","fungibility":"non-fungible","metadata":${metadata}}`],
    ['PUT', `/collections/${randomUUID()}`, `{"chain":"devnet","fungibility":"non-fungible","metadata":${metadata}}`],
    ['PATCH', `/collections/${collectionId}`, `{"metadata":{"description":"${lone}"}}`],
    ['POST', `/collections/${semiFungibleId}/templates`, `{"metadata":{"name":"${lone}"}}`],
    ['POST', `/collections/${collectionId}/nfts`, `{"recipient":"email:lone@example.com:devnet","metadata":{"name":"${lone}"}}`],
    ['PUT', `/collections/${collectionId}/nfts/${randomUUID()}`, `{"recipient":"email:lone@example.com:devnet","metadata":{"name":"${lone}"}}`],
    // In an object key, and as the low half alone.
    [
      'POST',
      `/collections/${collectionId}/nfts`,
      `{"recipient":"email:lone@example.com:devnet","metadata":{"name":"n","attributes":[{"trait_type":"\\udc00","value":"v"}]}}`,
    ],
  ];
  for (const [method, path, rawBody] of requests) {
    const headers = { 'x-api-key': apiKey, 'content-type': 'application/json', 'x-idempotency-key': randomUUID() };
    const res = await server.request(`/api/2022-06-09${path}`, { method, headers, rawBody });
    expectRefused(res, /unpaired UTF-16 surrogate/, `${method} ${path}`);
  }
  // A well-formed pair (an emoji) is text like any other.
  const emoji = await api.call(`/collections/${collectionId}/nfts`, {
    method: 'POST',
    body: { recipient: 'email:lone@example.com:devnet', metadata: { name: 'Ticket \ud83c\udf9f' } },
  });
  expect(emoji.status, JSON.stringify(emoji.body)).toBe(201);
});

/** `levels` objects within each other, as text: `{"a":{"a":…{"a":1}…}}`. */
const nestedObjects = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
/** `levels` arrays within each other: `[[…[1]…]]`. */
const nestedArrays = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;
const tooDeep = new RegExp(`^The JSON body nests objects and arrays more than ${maxJsonDepth} levels deep`);

it(`issue 22 item 7: JSON nested thousands of levels deep answers 400 in the spec shape, not 500, before and after authentication (${testDb})`, async () => {
  const publicToken = (await server.services.identity.platformTenant()).publicToken;
  const user = await sdkLogin(server, publicToken, `deep-${randomUUID()}@example.com`);
  const cookie = await server.signIn(`deep-console-${randomUUID()}@example.com`);
  const events = (details: string) => `{"events":[{"event_name":"render_login_screen","details":${details}}]}`;
  const requests: Array<[string, string, Record<string, string>, string]> = [
    // Unauthenticated, with an unknown public token, and with none (the genuine client's form, the token inside).
    ['POST', '/sdk/v1/events', { authorization: basicAuth('public-token-test-00000000-0000-4000-8000-000000000000') }, events(nestedObjects(6_000))],
    ['POST', '/sdk/v1/events', {}, `[{"public_token":"${publicToken}","event_name":"x","details":${nestedObjects(6_000)}}]`],
    ['PUT', '/sdk/v1/users/me', { authorization: basicAuth(publicToken, user.session_token) }, `{"untrusted_metadata":${nestedObjects(5_000)}}`],
    ['POST', '/sdk/v1/sessions/authenticate', { authorization: basicAuth(publicToken, user.session_token) }, nestedArrays(5_000)],
    [
      'POST',
      '/api/2022-06-09/collections',
      { 'x-api-key': apiKey, 'x-idempotency-key': randomUUID() },
      `{"chain":"devnet","metadata":${nestedObjects(6_000)}}`,
    ],
    [
      'POST',
      `/api/2022-06-09/collections/${collectionId}/nfts`,
      { 'x-api-key': apiKey },
      `{"recipient":"email:deep@example.com:devnet","metadata":{"name":"n","attributes":${nestedArrays(6_000)}}}`,
    ],
    ['POST', '/api/console/projects', { cookie, origin: server.url }, `{"name":${nestedArrays(4_000)}}`],
    ['POST', '/api/session/authenticate', {}, nestedObjects(6_000)],
    // A megabyte of `[`, just under the body limit.
    ['POST', '/sdk/v1/events', {}, nestedArrays(500_000)],
  ];
  for (const [method, path, headers, rawBody] of requests) {
    const res = await server.request(path, { method, headers: { 'content-type': 'application/json', ...headers }, rawBody });
    expectRefused(res, tooDeep, `${method} ${path} (${rawBody.length} bytes)`);
  }
  // Brackets inside strings are text, however many.
  const inStrings = await server.request('/sdk/v1/users/me', {
    method: 'PUT',
    headers: { authorization: basicAuth(publicToken, user.session_token) },
    body: { untrusted_metadata: { brackets: '['.repeat(100) + '{'.repeat(100), quoted: '"\\"[[[[' } },
  });
  expect(inStrings.status, JSON.stringify(inStrings.body)).toBe(200);
});

it(`issue 22 item 7: ${maxJsonDepth} levels are accepted, ${maxJsonDepth + 1} are not (${testDb})`, async () => {
  const publicToken = (await server.services.identity.platformTenant()).publicToken;
  const user = await sdkLogin(server, publicToken, `depth-${randomUUID()}@example.com`);
  const put = (rawBody: string) =>
    server.request('/sdk/v1/users/me', {
      method: 'PUT',
      headers: { authorization: basicAuth(publicToken, user.session_token), 'content-type': 'application/json' },
      rawBody,
    });
  // The body is level 1, untrusted_metadata level 2, and so on.
  const atLimit = await put(`{"untrusted_metadata":${nestedObjects(maxJsonDepth - 1)}}`);
  expect(atLimit.status, JSON.stringify(atLimit.body)).toBe(200);
  expect(JSON.stringify(atLimit.body.data.user.untrusted_metadata)).toBe(nestedObjects(maxJsonDepth - 1));
  expectRefused(await put(`{"untrusted_metadata":${nestedObjects(maxJsonDepth)}}`), tooDeep, `${maxJsonDepth + 1} levels`);
  expectRefused(await put(`{"untrusted_metadata":{"list":${nestedArrays(maxJsonDepth - 1)}}}`), tooDeep, 'arrays in objects');
});
