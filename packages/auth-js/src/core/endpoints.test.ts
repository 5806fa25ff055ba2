import { describe, expect, it } from 'vitest';
import { isValidEndpoint, resolveEndpoint } from './endpoints.ts';

describe('endpoints (spec §5, §9)', () => {
  const page = 'https://app.example.com';

  it('defaults to the page origin, which is not a custom endpoint', () => {
    expect(resolveEndpoint('public-token-test-1', undefined, page, () => undefined)).toEqual({ baseUrl: page, custom: false });
  });

  it('uses one endpoint for every token, without a trailing slash', () => {
    expect(resolveEndpoint('public-token-live-1', 'https://auth.example.com/', page, () => undefined)).toEqual({
      baseUrl: 'https://auth.example.com',
      custom: true,
    });
    expect(resolveEndpoint('public-token-live-1', 'https://example.com/keepsake', page, () => undefined).baseUrl).toBe('https://example.com/keepsake');
  });

  it("picks the test host for a 'public-token-test' token and the live host for others", () => {
    const both = { test: 'https://test.auth.example.com', live: 'https://auth.example.com' };
    expect(resolveEndpoint('public-token-test-abc', both, page, () => undefined).baseUrl).toBe(both.test);
    expect(resolveEndpoint('public-token-live-abc', both, page, () => undefined).baseUrl).toBe(both.live);
  });

  it('warns and falls back to the default for an invalid endpoint', () => {
    const warnings: string[] = [];
    expect(resolveEndpoint('public-token-test-1', 'auth.example.com', page, (m) => warnings.push(m))).toEqual({ baseUrl: page, custom: false });
    expect(warnings[0]).toContain('is not a valid http(s) URL');
    for (const bad of ['', 'ftp://auth.example.com', 'https://auth.example.com?x=1', 'https://user@auth.example.com', 'not a url']) {
      expect(isValidEndpoint(bad)).toBe(false);
    }
    expect(isValidEndpoint('http://127.0.0.1:3000')).toBe(true);
  });
});
