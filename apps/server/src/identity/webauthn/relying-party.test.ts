import { describe, expect, it } from 'vitest';
import { allowedRpId, ceremonyOriginAllowed, hostWithin } from './relying-party.ts';

const publicUrl = 'https://keepsake.example.net';
const live = { allowedOrigins: ['https://app.example.com', 'https://shop.example.co.uk:8443'], environment: 'live' as const, isPlatform: false };
const test = { ...live, environment: 'test' as const };
const platform = { allowedOrigins: [], environment: 'live' as const, isPlatform: true };

describe('allowedRpId', () => {
  it('accepts the host of an allowed origin or a parent domain of it, lower-cased', () => {
    expect(allowedRpId(live, 'app.example.com', publicUrl)).toBe('app.example.com');
    expect(allowedRpId(live, 'Example.COM', publicUrl)).toBe('example.com');
    expect(allowedRpId(live, 'shop.example.co.uk', publicUrl)).toBe('shop.example.co.uk');
    expect(allowedRpId(live, 'example.co.uk', publicUrl)).toBe('example.co.uk');
    expect(allowedRpId(live, 'app.example.com.', publicUrl)).toBe('app.example.com');
  });

  it('refuses other domains, bare top-level labels, lookalikes and malformed names', () => {
    for (const domain of ['evil.com', 'com', 'uk', 'xample.com', 'pp.example.com', 'sub.app.example.com', '', '.example.com', 'a..example.com', 'localhost']) {
      expect(allowedRpId(live, domain, publicUrl), domain).toBeUndefined();
    }
  });

  it("accepts localhost in a test project only, and the server's own host for the platform project only", () => {
    expect(allowedRpId(test, 'localhost', publicUrl)).toBe('localhost');
    expect(allowedRpId(live, 'localhost', publicUrl)).toBeUndefined();
    expect(allowedRpId(platform, 'keepsake.example.net', publicUrl)).toBe('keepsake.example.net');
    expect(allowedRpId(live, 'keepsake.example.net', publicUrl)).toBeUndefined();
  });
});

describe('ceremonyOriginAllowed', () => {
  it('needs an origin the project allows whose host is the RP ID or under it', () => {
    expect(ceremonyOriginAllowed(live, 'https://app.example.com', 'app.example.com', publicUrl)).toBe(true);
    expect(ceremonyOriginAllowed(live, 'https://app.example.com', 'example.com', publicUrl)).toBe(true);
    expect(ceremonyOriginAllowed(live, 'http://app.example.com', 'app.example.com', publicUrl)).toBe(false);
    expect(ceremonyOriginAllowed(live, 'https://evil.example.com', 'example.com', publicUrl)).toBe(false);
    expect(ceremonyOriginAllowed(live, 'https://shop.example.co.uk:8443', 'app.example.com', publicUrl)).toBe(false);
    expect(ceremonyOriginAllowed(live, 'not an origin', 'app.example.com', publicUrl)).toBe(false);
    expect(ceremonyOriginAllowed(test, 'http://localhost:5173', 'localhost', publicUrl)).toBe(true);
    expect(ceremonyOriginAllowed(live, 'http://localhost:5173', 'localhost', publicUrl)).toBe(false);
    expect(ceremonyOriginAllowed(platform, publicUrl, 'keepsake.example.net', publicUrl)).toBe(true);
  });

  it('hostWithin matches whole labels', () => {
    expect(hostWithin('a.example.com', 'example.com')).toBe(true);
    expect(hostWithin('aexample.com', 'example.com')).toBe(false);
  });
});
