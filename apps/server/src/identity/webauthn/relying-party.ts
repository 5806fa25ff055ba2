// Which domains a project's passkeys may be created for and used on (the WebAuthn RP ID), and which page origins
// may run the ceremony (docs/decisions/094).
import { originAllowedFor } from '../origins.ts';
import type { Tenant } from '../tenants.ts';

type RelyingParty = Pick<Tenant, 'allowedOrigins' | 'environment' | 'isPlatform'>;

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/** Whether `host` is `domain` or one of its subdomains. */
export function hostWithin(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

/**
 * The origins whose pages may use the project's passkeys: its allowed origins; for a test project also any
 * http://localhost[:port]; for the platform project also the server's own public URL (the console).
 */
export function passkeyOriginAllowed(tenant: RelyingParty, origin: string, publicUrl: string): boolean {
  if (originAllowedFor(tenant, origin)) return true;
  if (tenant.isPlatform) {
    try {
      return new URL(origin).origin === new URL(publicUrl).origin;
    } catch {
      return false;
    }
  }
  return false;
}

/**
 * The RP ID for `domain`, lower-cased, when the project allows it: the host of one of its allowed origins (see
 * {@link passkeyOriginAllowed}), or a parent domain of such a host that has at least two labels (`example.com`
 * for `https://app.example.com`; never a bare `com`). Browsers further refuse a public suffix such as `co.uk`.
 * Undefined when the project allows no page on that domain.
 */
export function allowedRpId(tenant: RelyingParty, domain: string, publicUrl: string): string | undefined {
  const rpId = domain.toLowerCase().replace(/\.$/, '');
  if (rpId === '' || rpId.startsWith('.') || rpId.includes('..')) return undefined;
  const hosts = tenant.allowedOrigins.map(hostOf);
  if (tenant.isPlatform) hosts.push(hostOf(publicUrl));
  if (tenant.environment === 'test') hosts.push('localhost');
  const singleLabel = !rpId.includes('.');
  return hosts.some((host) => host !== undefined && (host === rpId || (!singleLabel && hostWithin(host, rpId)))) ? rpId : undefined;
}

/**
 * Whether the page at `origin` may finish a ceremony for `rpId`: the project admits the origin, and the origin's
 * host is the RP ID or under it (what the browser enforced when it signed; checked again here).
 */
export function ceremonyOriginAllowed(tenant: RelyingParty, origin: string, rpId: string, publicUrl: string): boolean {
  const host = hostOf(origin);
  if (host === undefined || !hostWithin(host, rpId)) return false;
  return passkeyOriginAllowed(tenant, origin, publicUrl);
}
