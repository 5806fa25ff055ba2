import { describe, expect, it } from 'vitest';
import { createCookieJar, isLocalhostHostname, parseCookies, removalCookie, resolveCookieSettings, serializeCookie } from './cookies.ts';

describe('cookies (spec §9)', () => {
  it('uses the stytch_* names, path / and SameSite=Lax, Secure except on localhost', () => {
    const remote = resolveCookieSettings(undefined, 'app.example.com');
    expect(remote).toEqual({
      names: { session: 'stytch_session', jwt: 'stytch_session_jwt', intermediate: 'stytch_intermediate_session_token' },
      path: '/',
      domain: undefined,
      secure: true,
    });
    expect(serializeCookie('stytch_session', 'tok', remote, { expires: new Date('2026-11-22T11:00:00Z') })).toBe(
      'stytch_session=tok; Path=/; Expires=Sun, 22 Nov 2026 11:00:00 GMT; SameSite=Lax; Secure',
    );
    const local = resolveCookieSettings(undefined, 'localhost');
    expect(serializeCookie('stytch_intermediate_session_token', 'ist', local, { maxAgeSeconds: 600 })).toBe(
      'stytch_intermediate_session_token=ist; Path=/; Max-Age=600; SameSite=Lax',
    );
  });

  it('knows which hosts are this machine', () => {
    for (const host of ['localhost', 'LOCALHOST', 'app.localhost', '127.0.0.1', '127.1.2.3', '[::1]', '::1']) expect(isLocalhostHostname(host)).toBe(true);
    for (const host of ['example.com', 'localhost.example.com', '10.0.0.1', '128.0.0.1']) expect(isLocalhostHostname(host)).toBe(false);
  });

  it('takes names, path and domain from the options', () => {
    const settings = resolveCookieSettings(
      { opaqueTokenCookieName: 'my_session', jwtCookieName: 'my_jwt', istCookieName: 'my_ist', path: '/app', domain: 'example.com' },
      'shop.example.com',
    );
    expect(settings.names).toEqual({ session: 'my_session', jwt: 'my_jwt', intermediate: 'my_ist' });
    expect(removalCookie('my_session', settings)).toBe(
      'my_session=; Path=/app; Domain=example.com; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; SameSite=Lax; Secure',
    );
  });

  it('parses document.cookie, keeping every value of a repeated name', () => {
    const cookies = parseCookies('a=1; stytch_session=x%3Dy; stytch_session=second; broken');
    expect(cookies.get('a')).toEqual(['1']);
    expect(cookies.get('stytch_session')).toEqual(['x=y', 'second']);
  });

  it('warns once about a duplicate cookie and uses the first value', () => {
    const warnings: string[] = [];
    const doc = { cookie: 'stytch_session=first; stytch_session=second' };
    const jar = createCookieJar(resolveCookieSettings(undefined, 'localhost'), doc, (m) => warnings.push(m));
    expect(jar.get('stytch_session')).toBe('first');
    expect(jar.get('stytch_session')).toBe('first');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('stytch_session is set more than once');
  });
});
