import { describe, expect, it } from 'vitest';
import { truncateEmail } from './email';

describe('truncateEmail', () => {
  it('keeps emails up to 20 characters', () => {
    expect(truncateEmail('ada@example.com')).toBe('ada@example.com');
    expect(truncateEmail('a'.repeat(20))).toBe('a'.repeat(20));
  });

  it('cuts longer emails at 20 characters with an ellipsis', () => {
    expect(truncateEmail('ada.lovelace@analytical-engine.org')).toBe('ada.lovelace@analyti…');
  });
});
