import { InvalidInputError } from '../platform/domain-errors.ts';
import { errorTypes } from '../platform/error-types.ts';
import type { Tenant } from './tenants.ts';

export type RedirectKind = 'login' | 'signup' | 'resetPassword';

const kindNames: Record<RedirectKind, string> = { login: 'login', signup: 'signup', resetPassword: 'reset password' };

function parse(url: string): URL | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Same origin and path; the query and fragment may differ. */
function sameTarget(a: URL, b: URL): boolean {
  return a.origin === b.origin && a.pathname === b.pathname;
}

/** Where a test project's links go when it has set no default: this path on its app's origin (ADR 076). */
export const TEST_DEFAULT_REDIRECT_PATH = '/authenticate';

/**
 * A test project's default redirect URL, for any kind, while it has set none (docs/decisions/076):
 * `/authenticate` on the app that asked (`appOrigin`, an origin the project admits), else on the project's first
 * allowed origin. Live projects have no such default.
 */
export function testEnvironmentDefault(tenant: Tenant, appOrigin: string | undefined): string | undefined {
  if (tenant.environment !== 'test') return undefined;
  const origin = appOrigin ?? tenant.allowedOrigins[0];
  return origin ? new URL(TEST_DEFAULT_REDIRECT_PATH, origin).toString() : undefined;
}

/**
 * Whether `url` may receive a link of this project: on the allow-list or one of its defaults; for test projects
 * also any http://localhost URL and the test default, `/authenticate` on an allowed origin (ADR 076).
 */
export function isAllowedRedirect(tenant: Tenant, url: string): boolean {
  const target = parse(url);
  if (!target || target.username || target.password) return false;
  if (tenant.environment === 'test' && target.protocol === 'http:' && target.hostname === 'localhost') return true;
  const config = tenant.authConfig.redirectUrls;
  const testDefaults = tenant.environment === 'test' ? tenant.allowedOrigins.map((origin) => testEnvironmentDefault(tenant, origin)) : [];
  const candidates = [...config.allowed, config.login, config.signup, config.resetPassword, ...testDefaults].filter((u): u is string => Boolean(u));
  return candidates.some((allowed) => {
    const entry = parse(allowed);
    return entry !== undefined && sameTarget(entry, target);
  });
}

/** The redirect URL is not on the project's allow-list, or there is none: 400 `invalid_redirect_url`. */
export class InvalidRedirectUrlError extends InvalidInputError {
  constructor(message: string) {
    super(message, errorTypes.invalidRedirectUrl);
  }
}

/**
 * The redirect URL a link will point at: the one requested, if the project allows it, else the project's default
 * for this kind, else (test projects) `/authenticate` on the app's origin ({@link testEnvironmentDefault}).
 * @throws InvalidRedirectUrlError `invalid_redirect_url` when the URL is not allowed or there is no default.
 */
export function resolveRedirectUrl(tenant: Tenant, kind: RedirectKind, requested: string | undefined, appOrigin?: string): string {
  if (requested !== undefined) {
    if (!isAllowedRedirect(tenant, requested)) {
      throw new InvalidRedirectUrlError(
        `The ${kindNames[kind]} redirect URL ${requested.slice(0, 200)} is not on this project's list of allowed redirect URLs.`,
      );
    }
    return requested;
  }
  const fallback = tenant.authConfig.redirectUrls[kind] ?? testEnvironmentDefault(tenant, appOrigin);
  if (!fallback) {
    throw new InvalidRedirectUrlError(
      `No ${kindNames[kind]} redirect URL was given and the project has no default one. Set one in the project's sign-in settings.`,
    );
  }
  return fallback;
}

/** `<redirect_url>?stytch_token_type=<type>&token=<token>` (spec §2 reads stytch_token_type), keeping any query. */
export function tokenLink(redirectUrl: string, tokenType: string, token: string): string {
  const url = new URL(redirectUrl);
  url.searchParams.set('stytch_token_type', tokenType);
  url.searchParams.set('token', token);
  return url.toString();
}
