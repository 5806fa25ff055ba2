import { describe, expect, it } from 'vitest';
import { findUnstorableText, loneSurrogateMessage, nulMessage } from './unstorable-text.ts';

describe('findUnstorableText', () => {
  it('issue 10: walks arrays of any width without overflowing the stack', () => {
    expect(findUnstorableText(new Array<number>(1_000_000).fill(0))).toBeUndefined();
    expect(findUnstorableText(JSON.parse(`[${'0,'.repeat(199_999)}"a\\u0000"]`))?.message).toBe(nulMessage);
    const deep: unknown[] = [];
    let cursor = deep;
    for (let i = 0; i < 100_000; i++) cursor = cursor[0] = [] as unknown[];
    cursor.push('\u0000');
    expect(findUnstorableText(deep)?.message).toBe(nulMessage);
  });

  it('issue 10: finds unpaired surrogates in strings and keys, and lets pairs through', () => {
    expect(findUnstorableText(JSON.parse('{"metadata":{"name":"\\ud800"}}'))?.message).toBe(loneSurrogateMessage);
    expect(findUnstorableText(JSON.parse('{"metadata":{"\\udfff":"x"}}'))?.message).toBe(loneSurrogateMessage);
    expect(findUnstorableText(JSON.parse('["ok","\\ude00 trailing"]'))?.message).toBe(loneSurrogateMessage);
    expect(findUnstorableText(JSON.parse('{"name":"\\ud83d\\ude42 emoji","note":"é 字"}'))).toBeUndefined();
    expect(findUnstorableText({ name: 'a\u0000b' })?.message).toBe(nulMessage);
    expect(findUnstorableText({ ['k\u0000']: 1 })?.message).toBe(nulMessage);
    expect(findUnstorableText([1, true, null, { a: [2.5] }])).toBeUndefined();
  });
});
