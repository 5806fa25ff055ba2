import { describe, expect, it } from 'vitest';
import { isValidEmail, truncateEmail } from './email';

describe('isValidEmail', () => {
  it.each(['ada@example.com', 'a.b+c@sub.example.io', '  ada@example.co  ', 'x@y.museum'])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each(['', 'ada', 'ada@', '@example.com', 'ada@example', 'ada@example.c', 'ada@example.c0m', 'a da@example.com', 'a@b@c.com'])('rejects %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
});

describe('truncateEmail', () => {
  it('keeps emails up to 20 characters', () => {
    expect(truncateEmail('ada@example.com')).toBe('ada@example.com');
    expect(truncateEmail('a'.repeat(20))).toBe('a'.repeat(20));
  });

  it('cuts longer emails at 20 characters with an ellipsis', () => {
    expect(truncateEmail('ada.lovelace@analytical-engine.org')).toBe('ada.lovelace@analyti…');
  });
});
