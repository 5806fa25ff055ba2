/** A stable, non-negative 32-bit hash of a string (the Java `hashCode` recipe). */
export function hashString(value: string): number {
  let hash = 0;
  for (let i = 0; i < value.length; i++) {
    hash = (Math.imul(hash, 31) + value.charCodeAt(i)) | 0;
  }
  return hash >>> 0;
}

/** Spec §9: hue = hash(userId) mod 360, then two more hues 120° apart. */
export function avatarHues(userId: string): [number, number, number] {
  const hue = hashString(userId) % 360;
  return [hue, (hue + 120) % 360, (hue + 240) % 360];
}

/** The CSS background of the generated avatar for `userId`. */
export function avatarGradient(userId: string): string {
  const [a, b, c] = avatarHues(userId);
  return `linear-gradient(135deg, hsl(${a} 80% 60%), hsl(${b} 80% 60%), hsl(${c} 80% 60%))`;
}
