import { describe, expect, it } from 'vitest';
import { passkeyDefaultName } from './device-name.ts';

describe('passkeyDefaultName', () => {
  it('names the browser and the system of the user agent', () => {
    const cases: Array<[string, string]> = [
      ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36', 'Chrome on Linux'],
      ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15', 'Safari on macOS'],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
        'Safari on iOS',
      ],
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0', 'Edge on Windows'],
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0', 'Firefox on Windows'],
      ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36', 'Chrome on Linux'],
      ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36', 'Chrome on Android'],
    ];
    for (const [ua, name] of cases) expect(passkeyDefaultName(ua)).toBe(name);
  });

  it('falls back to Passkey', () => {
    expect(passkeyDefaultName('')).toBe('Passkey');
    expect(passkeyDefaultName(undefined)).toBe('Passkey');
    expect(passkeyDefaultName('curl/8.0')).toBe('Passkey');
    expect(passkeyDefaultName('SomeApp (Windows NT 10.0)')).toBe('Passkey on Windows');
  });
});
