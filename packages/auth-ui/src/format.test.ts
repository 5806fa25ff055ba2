import { describe, expect, it } from 'vitest';
import { minutesSeconds, truncateEmail } from './format.ts';

describe('minutesSeconds (spec §9 countdown m:ss)', () => {
  it('shows minutes and two-digit seconds, rounding partial seconds up and never below zero', () => {
    expect(minutesSeconds(300)).toBe('5:00');
    expect(minutesSeconds(239)).toBe('3:59');
    expect(minutesSeconds(60.2)).toBe('1:01');
    expect(minutesSeconds(9)).toBe('0:09');
    expect(minutesSeconds(-3)).toBe('0:00');
  });
});

describe('truncateEmail (spec §9: 20 characters)', () => {
  it('keeps an address of up to 20 characters and cuts a longer one with an ellipsis', () => {
    expect(truncateEmail('abcdefghij@klmno.com')).toBe('abcdefghij@klmno.com');
    expect(truncateEmail('abcdefghij@klmnop.com')).toBe('abcdefghij@klmnop.co…');
  });
});
