// PostgreSQL text cannot hold U+0000, so a NUL that reached a query would fail it (a 500). NUL has no meaning
// in any field Keepsake accepts: a request carrying one, in its path, query or JSON body, is refused with a 400.
import type { FastifyInstance } from 'fastify';
import { BadRequestError } from './errors.ts';

/** Whether any string (or object key) inside a parsed JSON value contains U+0000. Iterative: any depth is safe. */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (Array.isArray(item)) {
      pending.push(...(item as unknown[]));
    } else if (item && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

export const nulMessage = 'The request contains a NUL character (U+0000), which no field accepts.';

/** Refuses `%00` anywhere in the URL before routing; the JSON body parser refuses NULs in bodies. */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    done(/%00/i.test(request.url) ? new BadRequestError(nulMessage) : undefined);
  });
}
