// @vitest-environment jsdom
// createAuthClient's own argument checks (spec §5) fail before the client does anything: no request, no timer.
import { afterEach, describe, expect, it } from 'vitest';
import { createAuthClient } from './client.ts';
import { InvalidInputError } from './errors.ts';
import { otps } from './products/otps.ts';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function refusal(run: () => unknown): InvalidInputError {
  let calls = 0;
  globalThis.fetch = () => {
    calls++;
    return Promise.reject(new Error('no request expected'));
  };
  try {
    run();
  } catch (error) {
    expect(calls).toBe(0);
    if (error instanceof InvalidInputError) return error;
    throw error;
  }
  throw new Error('expected an InvalidInputError');
}

describe('createAuthClient arguments', () => {
  it('wants a string public token', () => {
    expect(refusal(() => createAuthClient(42 as unknown as string)).details).toBe('publicToken must be a string');
    expect(refusal(() => createAuthClient('')).details).toBe('Empty parameter publicToken');
  });

  it('wants product modules in products', () => {
    expect(refusal(() => createAuthClient('public-token-test-1', { products: otps as never })).field).toBe('products');
    expect(refusal(() => createAuthClient('public-token-test-1', { products: [{}] as never })).details).toContain('product modules');
  });

  it('wants strings in cookieOptions, a function for captcha, a boolean for telemetry, and both hosts in an endpoint pair', () => {
    expect(refusal(() => createAuthClient('public-token-test-1', { cookieOptions: { path: 1 as unknown as string } })).details).toBe('path must be a string');
    expect(refusal(() => createAuthClient('public-token-test-1', { captcha: 'token' as never })).details).toBe('captcha must be a function');
    expect(refusal(() => createAuthClient('public-token-test-1', { telemetry: 'no' as never })).details).toBe('telemetry must be a boolean value');
    expect(refusal(() => createAuthClient('public-token-test-1', { endpoint: { test: 'https://a.example' } as never })).details).toBe('Empty parameter live');
  });
});

describe('createAuthClient baseUrl', () => {
  it('exposes the API base it resolved: the endpoint without a trailing slash, the test host for a test token, else the page origin', () => {
    globalThis.fetch = async () => new Response(JSON.stringify({ data: {} }), { status: 200, headers: { 'content-type': 'application/json' } });
    const clients = [
      createAuthClient('public-token-test-base-1', { endpoint: 'https://auth.example.com/', telemetry: false }),
      createAuthClient('public-token-test-base-2', { endpoint: { test: 'http://localhost:3000', live: 'https://auth.example.com' }, telemetry: false }),
      createAuthClient('public-token-live-base-3', { endpoint: { test: 'http://localhost:3000', live: 'https://auth.example.com' }, telemetry: false }),
      createAuthClient('public-token-test-base-4', { telemetry: false }),
    ];
    expect(clients.map((client) => client.baseUrl)).toEqual([
      'https://auth.example.com',
      'http://localhost:3000',
      'https://auth.example.com',
      window.location.origin,
    ]);
    clients.forEach((client) => client.destroy());
  });
});
