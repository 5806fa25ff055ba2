import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_API_KEY_PER_MINUTE: '3' } });
});
afterAll(() => server?.close());

it('limits developer API calls per API key and answers 429 in the spec shape', async () => {
  const a = await server.services.projects.operatorCreateProject('limits-a@example.com', 'A');
  const b = await server.services.projects.operatorCreateProject('limits-b@example.com', 'B');
  const call = (key: string) => server.request('/api/2022-06-09/collections', { headers: { 'x-api-key': key } });
  const statuses = [];
  for (let i = 0; i < 4; i++) statuses.push((await call(a.apiKey)).status);
  expect(statuses).toEqual([200, 200, 200, 429]);
  const limited = await call(a.apiKey);
  expect(limited.body).toMatchObject({ status_code: 429, error_type: 'too_many_requests' });
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  // Another key has its own budget.
  expect((await call(b.apiKey)).status).toBe(200);
});
