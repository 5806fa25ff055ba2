import { describe, expect, it } from 'vitest';
import { statusOfKind } from '../http/error-handler.ts';
import { parseAuthConfig } from './auth-config.ts';
import { isAllowedRedirect, resolveRedirectUrl, testEnvironmentDefault, tokenLink, InvalidRedirectUrlError } from './redirect-urls.ts';
import type { Tenant } from './tenants.ts';

function tenant(environment: 'test' | 'live', redirectUrls: Record<string, unknown> = {}, allowedOrigins: string[] = []): Tenant {
  return {
    projectId: '00000000-0000-4000-8000-000000000000',
    name: 'P',
    publicToken: `public-token-${environment}-x`,
    environment,
    isPlatform: false,
    allowedOrigins,
    authConfig: parseAuthConfig({ redirectUrls }),
  };
}

describe('redirect URLs', () => {
  const live = tenant('live', { allowed: ['https://app.example.com/auth'], login: 'https://app.example.com/login' });

  it('allows listed URLs by origin and path, whatever the query', () => {
    expect(isAllowedRedirect(live, 'https://app.example.com/auth')).toBe(true);
    expect(isAllowedRedirect(live, 'https://app.example.com/auth?next=/x')).toBe(true);
    expect(isAllowedRedirect(live, 'https://app.example.com/login')).toBe(true);
  });

  it('refuses other paths, hosts, schemes, credentials and localhost on live projects', () => {
    for (const url of [
      'https://app.example.com/auth/x',
      'https://evil.example.com/auth',
      'http://app.example.com/auth',
      'https://user:pw@app.example.com/auth',
      'javascript:alert(1)',
      'http://localhost:3000/auth',
      'not a url',
    ]) {
      expect(isAllowedRedirect(live, url), url).toBe(false);
    }
  });

  it('lets test projects use any http://localhost URL', () => {
    expect(isAllowedRedirect(tenant('test'), 'http://localhost:5173/authenticate')).toBe(true);
    expect(isAllowedRedirect(tenant('test'), 'http://localhost.evil.com/authenticate')).toBe(false);
    expect(isAllowedRedirect(tenant('test'), 'https://example.com/authenticate')).toBe(false);
  });

  it('falls back to the default for the kind and refuses when there is none', () => {
    expect(resolveRedirectUrl(live, 'login', undefined)).toBe('https://app.example.com/login');
    expect(() => resolveRedirectUrl(live, 'signup', undefined)).toThrow(InvalidRedirectUrlError);
    try {
      resolveRedirectUrl(live, 'login', 'https://evil.example.com/');
    } catch (error) {
      expect((error as InvalidRedirectUrlError).errorType).toBe('invalid_redirect_url');
      expect(statusOfKind[(error as InvalidRedirectUrlError).kind]).toBe(400);
    }
  });

  it("issue 10: a test project without defaults sends links to /authenticate on the app's origin (ADR 076)", () => {
    const fresh = tenant('test');
    expect(resolveRedirectUrl(fresh, 'login', undefined, 'http://localhost:5173')).toBe('http://localhost:5173/authenticate');
    expect(resolveRedirectUrl(fresh, 'signup', undefined, 'http://localhost:5173')).toBe('http://localhost:5173/authenticate');
    expect(resolveRedirectUrl(fresh, 'resetPassword', undefined, 'http://localhost:5173')).toBe('http://localhost:5173/authenticate');
    // No calling app and no allowed origin: still no default.
    expect(() => resolveRedirectUrl(fresh, 'login', undefined, undefined)).toThrow(/has no default one/);

    // Without a calling app, the project's first allowed origin.
    const withOrigins = tenant('test', {}, ['https://app.example.com', 'https://admin.example.com']);
    expect(testEnvironmentDefault(withOrigins, undefined)).toBe('https://app.example.com/authenticate');
    expect(testEnvironmentDefault(withOrigins, 'https://admin.example.com')).toBe('https://admin.example.com/authenticate');
    // So /authenticate on an allowed origin may be requested too, as a project's own default may.
    expect(isAllowedRedirect(withOrigins, 'https://admin.example.com/authenticate?next=/x')).toBe(true);
    expect(isAllowedRedirect(withOrigins, 'https://admin.example.com/other')).toBe(false);
    expect(isAllowedRedirect(tenant('live', {}, ['https://app.example.com']), 'https://app.example.com/authenticate')).toBe(false);

    // A default the project set wins; live projects get no such default.
    const configured = tenant('test', { login: 'https://app.example.com/welcome' }, ['https://app.example.com']);
    expect(resolveRedirectUrl(configured, 'login', undefined, 'http://localhost:5173')).toBe('https://app.example.com/welcome');
    expect(testEnvironmentDefault(tenant('live', {}, ['https://app.example.com']), 'https://app.example.com')).toBeUndefined();
    expect(() => resolveRedirectUrl(tenant('live', {}, ['https://app.example.com']), 'login', undefined, 'https://app.example.com')).toThrow(
      InvalidRedirectUrlError,
    );
  });

  it('appends the token type and token, keeping the query', () => {
    expect(tokenLink('https://app.example.com/auth?next=%2Fx', 'magic_links', 'abc')).toBe(
      'https://app.example.com/auth?next=%2Fx&stytch_token_type=magic_links&token=abc',
    );
  });
});
