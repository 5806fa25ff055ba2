const BASE = 'http://callback.invalid';

/**
 * Returns `raw` when it is a same-origin relative path (`/x`, never `//x` or
 * `/\x`), else `fallback`. Used for `callbackUrl` after sign-in and sign-out.
 */
export function safeCallbackUrl(raw: string | null | undefined, fallback = '/user'): string {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.startsWith('//')) return fallback;
  // Control characters and backslashes let browsers reinterpret the path as a host.
  if (raw.includes('\\') || [...raw].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return fallback;
  try {
    const url = new URL(raw, BASE);
    if (url.origin !== BASE) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** Paths the server answers itself, which need a full page load. */
export function isServerPath(path: string): boolean {
  return /^\/(api|sdk|docs|oauth|\.well-known)(\/|\?|$)/.test(path);
}
