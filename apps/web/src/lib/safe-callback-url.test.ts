import { describe, expect, it } from 'vitest';
import { isServerPath, safeCallbackUrl } from './safe-callback-url';

describe('safeCallbackUrl', () => {
  it('keeps same-origin relative paths with query and hash', () => {
    expect(safeCallbackUrl('/console/overview')).toBe('/console/overview');
    expect(safeCallbackUrl('/user/collection?x=1#top')).toBe('/user/collection?x=1#top');
    expect(safeCallbackUrl('/')).toBe('/');
  });

  it.each([
    ['missing', null],
    ['empty', ''],
    ['absolute URL', 'https://evil.example/x'],
    ['protocol-relative', '//evil.example/x'],
    ['backslash trick', '/\\evil.example'],
    ['javascript URL', 'javascript:alert(1)'],
    ['relative without slash', 'console'],
    ['control character', '/\tevil'],
  ])('falls back for %s', (_label, raw) => {
    expect(safeCallbackUrl(raw)).toBe('/user');
    expect(safeCallbackUrl(raw, '/')).toBe('/');
  });

  it('knows which paths the server serves', () => {
    expect(isServerPath('/docs')).toBe(true);
    expect(isServerPath('/api/session')).toBe(true);
    expect(isServerPath('/documents')).toBe(false);
    expect(isServerPath('/user')).toBe(false);
  });
});
