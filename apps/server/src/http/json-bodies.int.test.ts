// JSON bodies the database cannot take are refused with a 400 before any route runs: wide arrays (the guard that
// looks for them once overflowed the stack on 150k elements) and unpaired surrogates (jsonb refuses `\ud800`).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { collectionBody, developerApi } from '../testing/collections.ts';
import { startTestServer, type TestServer } from '../testing/harness.ts';

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
