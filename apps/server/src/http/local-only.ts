import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ForbiddenError } from './errors.ts';

/** The dev mailbox and outbox, their pages and their API: they show every passcode and sign-in link. */
const localOnlyPath = /^\/(api\/)?dev(\/|$)/i;

/** The client is this machine: 127.0.0.0/8 or ::1 (also as IPv4-mapped IPv6). */
export function isLoopback(ip: string): boolean {
  const v4 = ip.toLowerCase().startsWith('::ffff:') ? ip.slice(7) : ip;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4) || ip === '::1';
}

/** The path as the router matches it (percent-escapes decoded), so `/api/%64ev/…` is caught too. */
function pathOf(request: FastifyRequest): string {
  const raw = request.url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * `/dev/*` and `/api/dev/*` answer only clients on this machine, by the client IP Fastify resolves (through
 * TRUSTED_PROXIES), whatever interface the server listens on: a dev server reachable from a network (HOST set, or
 * NODE_ENV=production forgotten on a public host) must not hand out every passcode.
 */
export function registerLocalOnlyPaths(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const refused = localOnlyPath.test(pathOf(request)) && !isLoopback(request.ip);
    done(refused ? new ForbiddenError('The dev mailbox and outbox answer only requests from this machine.') : undefined);
  });
}
