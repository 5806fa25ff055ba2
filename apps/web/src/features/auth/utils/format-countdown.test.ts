import { describe, expect, it } from 'vitest';
import { formatCountdown } from './format-countdown';

describe('formatCountdown', () => {
  it('formats m:ss', () => {
    expect(formatCountdown(600)).toBe('10:00');
    expect(formatCountdown(599)).toBe('9:59');
    expect(formatCountdown(61)).toBe('1:01');
    expect(formatCountdown(9)).toBe('0:09');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-3)).toBe('0:00');
  });
});
