import { describe, expect, it } from 'vitest';
import { isValidEmail, maxEmailLength } from './email.ts';

describe('isValidEmail (spec §5)', () => {
  it.each(['ada@example.com', 'a.b+c@sub.example.io', '  ada@example.co  ', 'x@y.museum'])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each(['', 'ada', 'ada@', '@example.com', 'ada@example', 'ada@example.c', 'ada@example.c0m', 'a da@example.com', 'a@b@c.com'])('rejects %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it('refuses an address longer than the server keeps', () => {
    const local = 'a'.repeat(maxEmailLength - '@example.com'.length);
    expect(isValidEmail(`${local}@example.com`)).toBe(true);
    expect(isValidEmail(`${local}a@example.com`)).toBe(false);
  });
});
