// Every response carries the security headers, API answers, errors and web pages alike, with the web app's
// content security policy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDb, type TestServer } from '../testing/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe(`security headers (${testDb})`, () => {
  it.each([
    ['an API answer', '/api/health'],
    ['an error', '/api/no-such-route'],
    ['a refused path (NUL)', '/api/health%00'],
    ['a path the router cannot decode', '/api/%E0%A4%A'],
    ['a web page', '/console'],
  ])('are on %s', async (_what, path) => {
    const { headers } = await server.request(path);
    const policy = Object.fromEntries((headers.get('content-security-policy') ?? '').split(';').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]));
    expect(policy).toEqual({
      'default-src': "'self'",
      'img-src': "'self' data: https:",
      'style-src': "'self' 'unsafe-inline'",
      'script-src': "'self'",
      'script-src-attr': "'none'",
      'frame-src': "'self'",
      'connect-src': "'self'",
      'base-uri': "'self'",
      'font-src': "'self' https: data:",
      'form-action': "'self'",
      'frame-ancestors': "'self'",
      'object-src': "'none'",
    });
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(headers.get('strict-transport-security')).toMatch(/^max-age=\d+; includeSubDomains$/);
    expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(headers.get('cross-origin-embedder-policy')).toBeNull();
    expect(headers.get('x-powered-by')).toBeNull();
    expect(headers.get('x-request-id')).toMatch(/^request-id-[0-9a-f-]{36}$/);
  });
});
