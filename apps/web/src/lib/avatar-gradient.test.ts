import { describe, expect, it } from 'vitest';
import { avatarGradient, avatarHues, hashString } from './avatar-gradient';

describe('avatar gradient', () => {
  it('hashes deterministically to a non-negative integer', () => {
    expect(hashString('user-1')).toBe(hashString('user-1'));
    expect(hashString('')).toBe(0);
    expect(hashString('a')).toBe(97);
    for (const id of ['x', 'a much longer user id that overflows 32 bits', '😀']) {
      expect(Number.isInteger(hashString(id))).toBe(true);
      expect(hashString(id)).toBeGreaterThanOrEqual(0);
    }
  });

  it('spreads three hues 120° apart starting at hash mod 360', () => {
    const [a, b, c] = avatarHues('a');
    expect(a).toBe(97);
    expect(b).toBe(217);
    expect(c).toBe(337);
    for (const id of ['user-1', 'user-2', 'e3b0c442-98fc-1c14']) {
      const hues = avatarHues(id);
      expect(hues[0]).toBe(hashString(id) % 360);
      expect((hues[1] - hues[0] + 360) % 360).toBe(120);
      expect((hues[2] - hues[0] + 360) % 360).toBe(240);
    }
  });

  it('renders the hues as a CSS gradient', () => {
    expect(avatarGradient('a')).toBe('linear-gradient(135deg, hsl(97 80% 60%), hsl(217 80% 60%), hsl(337 80% 60%))');
  });
});
