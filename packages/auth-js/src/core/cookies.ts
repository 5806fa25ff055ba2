// Spec §9 cookies: `stytch_session` (opaque session token), `stytch_session_jwt` and
// `stytch_intermediate_session_token` (10 minutes); SameSite=Lax; Secure except on localhost; path `/`.
// Names, path and domain can be overridden (strings).

/** Cookie settings a client may override. Every value is a string (spec §5). */
export type CookieOptions = {
  /** Name of the session token cookie. Default `stytch_session`. */
  opaqueTokenCookieName?: string;
  /** Name of the session JWT cookie. Default `stytch_session_jwt`. */
  jwtCookieName?: string;
  /** Name of the intermediate session token cookie. Default `stytch_intermediate_session_token`. */
  istCookieName?: string;
  /** Cookie path. Default `/`. */
  path?: string;
  /** Cookie domain, e.g. `example.com` to share with subdomains. Default: the page's host only. */
  domain?: string;
};

/** The cookie options made whole for a page. */
export type CookieSettings = {
  names: { session: string; jwt: string; intermediate: string };
  path: string;
  domain: string | undefined;
  secure: boolean;
};

/** Spec §9 cookie names. */
export const DEFAULT_COOKIE_NAMES = {
  session: 'stytch_session',
  jwt: 'stytch_session_jwt',
  intermediate: 'stytch_intermediate_session_token',
} as const;

/** Spec §9: the intermediate session token lives 10 minutes. */
export const INTERMEDIATE_COOKIE_SECONDS = 600;

/** Hosts that are this machine: cookies there are not Secure, so plain-http development works. */
export function isLocalhostHostname(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** The settings for a page on `hostname` (Secure unless it is this machine). */
export function resolveCookieSettings(options: CookieOptions | undefined, hostname: string): CookieSettings {
  return {
    names: {
      session: options?.opaqueTokenCookieName || DEFAULT_COOKIE_NAMES.session,
      jwt: options?.jwtCookieName || DEFAULT_COOKIE_NAMES.jwt,
      intermediate: options?.istCookieName || DEFAULT_COOKIE_NAMES.intermediate,
    },
    path: options?.path || '/',
    domain: options?.domain || undefined,
    secure: !isLocalhostHostname(hostname),
  };
}

/** The `document.cookie` assignment that sets `name`; `expires` or `maxAgeSeconds` bound its life. */
export function serializeCookie(name: string, value: string, settings: CookieSettings, life: { expires?: Date; maxAgeSeconds?: number } = {}): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${settings.path}`];
  if (settings.domain) parts.push(`Domain=${settings.domain}`);
  if (life.expires) parts.push(`Expires=${life.expires.toUTCString()}`);
  if (life.maxAgeSeconds !== undefined) parts.push(`Max-Age=${Math.max(0, Math.floor(life.maxAgeSeconds))}`);
  parts.push('SameSite=Lax');
  if (settings.secure) parts.push('Secure');
  return parts.join('; ');
}

/** The assignment that deletes `name` (same path and domain as it was set with). */
export function removalCookie(name: string, settings: CookieSettings): string {
  return serializeCookie(name, '', settings, { expires: new Date(0), maxAgeSeconds: 0 });
}

/** Every value of every cookie in a `document.cookie` string, by name (a name can appear more than once). */
export function parseCookies(cookieString: string): Map<string, string[]> {
  const cookies = new Map<string, string[]>();
  for (const pair of cookieString.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0) continue;
    const name = pair.slice(0, eq).trim();
    let value = pair.slice(eq + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      // keep the raw text
    }
    cookies.set(name, [...(cookies.get(name) ?? []), value]);
  }
  return cookies;
}

/** Reads and writes the client's cookies. */
export type CookieJar = {
  get(name: string): string | undefined;
  set(name: string, value: string, life: { expires?: Date; maxAgeSeconds?: number }): void;
  remove(name: string): void;
};

/**
 * `document.cookie` with the client's settings. Reading a cookie that is present more than once (set with
 * another path or domain) warns once (spec §8) and uses the first.
 */
export function createCookieJar(settings: CookieSettings, doc: Pick<Document, 'cookie'>, warn: (message: string) => void): CookieJar {
  const warned = new Set<string>();
  return {
    get(name) {
      const values = parseCookies(doc.cookie)
        .get(name)
        ?.filter((v) => v !== '');
      if (values && values.length > 1 && !warned.has(name)) {
        warned.add(name);
        warn(
          `@keepsake/auth-js: the cookie ${name} is set more than once (different paths or domains); the first is used. Remove the others or set cookieOptions to match them.`,
        );
      }
      return values?.[0];
    },
    set(name, value, life) {
      doc.cookie = serializeCookie(name, value, settings, life);
    },
    remove(name) {
      doc.cookie = removalCookie(name, settings);
    },
  };
}
