// Text the database cannot store, refused at the door with a 400 instead of failing a query with a 500:
// - U+0000: PostgreSQL text cannot hold it. It has no meaning in any field Keepsake accepts, in the path, the
//   query or a JSON body.
// - Unpaired UTF-16 surrogates (`"\ud800"` in JSON): not Unicode text. jsonb refuses the escape, and a text
//   column would silently get U+FFFD instead. No field accepts them, so a JSON body carrying one is refused.
import type { FastifyInstance } from 'fastify';
import { BadRequestError } from './errors.ts';

export const nulMessage = 'The request contains a NUL character (U+0000), which no field accepts.';
export const loneSurrogateMessage = 'The request contains an unpaired UTF-16 surrogate (such as "\\ud800"), which is not valid Unicode text.';

/** In unicode mode a well-formed pair is one code point, so this matches unpaired surrogates only. */
const loneSurrogate = /\p{Surrogate}/u;

function unstorable(text: string): BadRequestError | undefined {
  if (text.includes('\u0000')) return new BadRequestError(nulMessage);
  if (loneSurrogate.test(text)) return new BadRequestError(loneSurrogateMessage);
  return undefined;
}

/**
 * Why a parsed JSON value cannot be stored: a string or object key with U+0000 or an unpaired surrogate.
 * Iterative and without spreading, so any depth and any width (an array of millions) is safe.
 */
export function findUnstorableText(value: unknown): BadRequestError | undefined {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      const error = unstorable(item);
      if (error) return error;
    } else if (Array.isArray(item)) {
      for (const child of item as unknown[]) pending.push(child);
    } else if (item && typeof item === 'object') {
      for (const key in item) {
        if (!Object.hasOwn(item, key)) continue;
        const error = unstorable(key);
        if (error) return error;
        pending.push((item as Record<string, unknown>)[key]);
      }
    }
  }
  return undefined;
}

/** Refuses `%00` anywhere in the URL before routing; the JSON body parser refuses what `findUnstorableText` finds. */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    done(/%00/i.test(request.url) ? new BadRequestError(nulMessage) : undefined);
  });
}
