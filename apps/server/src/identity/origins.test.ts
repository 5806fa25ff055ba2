import { describe, expect, it } from 'vitest';
import { allowedOriginsSchema, originSchema } from '@keepsake/wire/console/auth-config';
import { appOriginOf, isOwnOrigin, originAllowedFor } from './origins.ts';

describe('originAllowedFor', () => {
  const live = { environment: 'live' as const, allowedOrigins: ['https://app.example.com'] };
  const test = { ...live, environment: 'test' as const };

  it('allows the listed origins exactly', () => {
    expect(originAllowedFor(live, 'https://app.example.com')).toBe(true);
    for (const origin of ['http://app.example.com', 'https://app.example.com:8443', 'https://evil.app.example.com', 'https://app.example.com.evil', 'null']) {
      expect(originAllowedFor(live, origin), origin).toBe(false);
    }
  });

  it('allows http://localhost[:port] for test projects only', () => {
    for (const origin of ['http://localhost', 'http://localhost:5173']) {
      expect(originAllowedFor(test, origin), origin).toBe(true);
      expect(originAllowedFor(live, origin), origin).toBe(false);
    }
    for (const origin of ['https://localhost', 'http://localhost.evil.com', 'http://localhost:5173/x', 'http://127.0.0.1:5173']) {
      expect(originAllowedFor(test, origin), origin).toBe(false);
    }
  });

  it('names the calling app only when the project admits its origin (ADR 076)', () => {
    expect(appOriginOf(test, 'http://localhost:5173')).toBe('http://localhost:5173');
    expect(appOriginOf(test, 'https://app.example.com')).toBe('https://app.example.com');
    expect(appOriginOf(live, 'http://localhost:5173')).toBeUndefined();
    expect(appOriginOf(test, 'https://evil.example')).toBeUndefined();
    expect(appOriginOf(test, 'null')).toBeUndefined();
    expect(appOriginOf(test, undefined)).toBeUndefined();
  });

  it("recognises the server's own origin by public URL or Host", () => {
    expect(isOwnOrigin('https://keepsake.example', 'https://keepsake.example', 'internal:3000')).toBe(true);
    expect(isOwnOrigin('http://127.0.0.1:3000', 'http://localhost:3000', '127.0.0.1:3000')).toBe(true);
    expect(isOwnOrigin('https://evil.example', 'https://keepsake.example', 'keepsake.example')).toBe(false);
    expect(isOwnOrigin('not a url', 'https://keepsake.example', undefined)).toBe(false);
  });
});

describe('originSchema', () => {
  it('accepts scheme, host and port, lower-cased, and drops duplicates', () => {
    expect(allowedOriginsSchema.parse(['https://App.Example.com', 'https://app.example.com/', 'http://localhost:3000'])).toEqual([
      'https://app.example.com',
      'http://localhost:3000',
    ]);
  });

  it('refuses paths, other schemes and junk', () => {
    for (const value of [
      'https://app.example.com/path',
      'ftp://x.example',
      'javascript:alert(1)',
      'app.example.com',
      '',
      'https://',
      'https://a.example?x=1',
    ]) {
      expect(originSchema.safeParse(value).success, value).toBe(false);
    }
    expect(allowedOriginsSchema.safeParse(Array.from({ length: 51 }, (_, i) => `https://a${i}.example`)).success).toBe(false);
  });
});
