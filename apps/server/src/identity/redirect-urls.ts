import { BadRequestError, errorTypes } from '../http/errors.ts';
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

/** Whether `url` may receive a link of this project: on the allow-list, or any http://localhost URL for test projects. */
export function isAllowedRedirect(tenant: Tenant, url: string): boolean {
  const target = parse(url);
  if (!target || target.username || target.password) return false;
  if (tenant.environment === 'test' && target.protocol === 'http:' && target.hostname === 'localhost') return true;
  const config = tenant.authConfig.redirectUrls;
  const candidates = [...config.allowed, config.login, config.signup, config.resetPassword].filter((u): u is string => Boolean(u));
  return candidates.some((allowed) => {
    const entry = parse(allowed);
    return entry !== undefined && sameTarget(entry, target);
  });
}

/**
 * The redirect URL a link will point at: the one requested, if the project allows it, else the project's default
 * for this kind. @throws BadRequestError `invalid_redirect_url` when the URL is not allowed or none is set.
 */
export function resolveRedirectUrl(tenant: Tenant, kind: RedirectKind, requested: string | undefined): string {
  if (requested !== undefined) {
    if (!isAllowedRedirect(tenant, requested)) {
      throw new BadRequestError(
        `The ${kindNames[kind]} redirect URL ${requested.slice(0, 200)} is not on this project's list of allowed redirect URLs.`,
        errorTypes.invalidRedirectUrl,
      );
    }
    return requested;
  }
  const fallback = tenant.authConfig.redirectUrls[kind];
  if (!fallback) throw new BadRequestError(`No ${kindNames[kind]} redirect URL was given and the project has no default one.`, errorTypes.invalidRedirectUrl);
  return fallback;
}

/** `<redirect_url>?stytch_token_type=<type>&token=<token>` (spec §2 reads stytch_token_type), keeping any query. */
export function tokenLink(redirectUrl: string, tokenType: string, token: string): string {
  const url = new URL(redirectUrl);
  url.searchParams.set('stytch_token_type', tokenType);
  url.searchParams.set('token', token);
  return url.toString();
}
