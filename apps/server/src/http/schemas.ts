import { z } from 'zod';

/** Spec §5: local part, @, domain, and a TLD of two or more letters. Lower-cased and trimmed. */
const emailPattern = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

export const emailSchema = z
  .string({ message: 'email must be a string' })
  .trim()
  .max(254, { message: 'email must be at most 254 characters' })
  .regex(emailPattern, { message: 'email must be a valid email address' })
  .transform((v) => v.toLowerCase());

export const uuidSchema = z.uuid({ message: 'must be a UUID' });

/** The spec §8 error body, for OpenAPI. */
export const errorResponseSchema = z
  .object({
    status_code: z.number().int(),
    request_id: z.string(),
    error_type: z.string(),
    error_message: z.string(),
    error_url: z.string(),
  })
  .meta({ id: 'Error' });

/** Response schemas for the usual client errors, to spread into a route's `response`. */
export const clientErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};

/** A whole number from 1 to `max` in a query string (spec §5: '{name} must be an integer'). */
function positiveIntegerQuery(name: string, max: number, fallback: number) {
  return z.coerce
    .number({ message: `${name} must be an integer` })
    .int({ message: `${name} must be an integer` })
    .min(1, { message: `${name} must be at least 1` })
    .max(max, { message: `${name} must be at most ${max}` })
    .default(fallback);
}

/** A 1-based page number in a query string. */
export const pageQuerySchema = positiveIntegerQuery('page', 1_000_000, 1);

/** Items per page in a query string, 1–100 (default 20). */
export const perPageQuerySchema = positiveIntegerQuery('perPage', 100, 20);

/**
 * A browser origin: `http(s)://host[:port]`, nothing after it. Lower-cased, as browsers send it.
 * Used for a project's allowed origins (console, operator CLI).
 */
export const originSchema = z
  .string({ message: 'an origin must be a string' })
  .trim()
  .max(253, { message: 'an origin must be at most 253 characters' })
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value.toLowerCase().replace(/\/$/, '');
      } catch {
        return false;
      }
    },
    { message: 'an origin looks like https://app.example.com or http://localhost:3000 (scheme, host and optional port; no path)' },
  )
  .transform((value) => new URL(value).origin);

/** A project's allowed origins: at most 50, duplicates dropped. */
export const allowedOriginsSchema = z
  .array(originSchema, { message: 'allowed origins must be a list' })
  .max(50, { message: 'at most 50 allowed origins' })
  .transform((list) => [...new Set(list)]);
