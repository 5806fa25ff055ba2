import type { Tenant } from './tenants.ts';

/** Spec: a test-environment project also accepts any `http://localhost[:port]` origin. */
const localhostOrigin = /^http:\/\/localhost(:\d{1,5})?$/;

export function isLocalhostOrigin(origin: string): boolean {
  return localhostOrigin.test(origin);
}

/** Whether `origin` may call the project's /sdk/v1 routes from a browser. */
export function originAllowedFor(tenant: Pick<Tenant, 'allowedOrigins' | 'environment'>, origin: string): boolean {
  return tenant.allowedOrigins.includes(origin) || (tenant.environment === 'test' && isLocalhostOrigin(origin));
}

/** The server's own pages (the console): its public URL, or the host the request was sent to. */
export function isOwnOrigin(origin: string, publicUrl: string, host: string | undefined): boolean {
  try {
    const url = new URL(origin);
    return url.origin === new URL(publicUrl).origin || (host !== undefined && url.host === host);
  } catch {
    return false;
  }
}

/**
 * The origin of the app that made a call, when the project admits it (`undefined` otherwise, or without an
 * Origin header): a test project's links go back to that app by default (docs/decisions/076).
 */
export function appOriginOf(tenant: Pick<Tenant, 'allowedOrigins' | 'environment'>, origin: string | undefined): string | undefined {
  return origin !== undefined && originAllowedFor(tenant, origin) ? origin : undefined;
}
