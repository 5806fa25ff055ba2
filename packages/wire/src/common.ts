// Field schemas and enumerations more than one API area uses: ids, emails, page queries, mint statuses.
import { emailPattern, maxEmailLength } from '@keepsake/validation/email';
import { z } from 'zod';

/** Spec §5: lower-cased and trimmed. */
export const emailSchema = z
  .string({ message: 'email must be a string' })
  .trim()
  .max(maxEmailLength, { message: `email must be at most ${maxEmailLength} characters` })
  .regex(emailPattern, { message: 'email must be a valid email address' })
  .transform((v) => v.toLowerCase());

export const uuidSchema = z.uuid({ message: 'must be a UUID' });

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

/** `?page&perPage`. */
export const pageQuery = z.object({ page: pageQuerySchema, perPage: perPageQuerySchema });

/** What a paged console list adds to its items: `{page, perPage, total}`. */
export const pageFields = { page: z.number().int(), perPage: z.number().int(), total: z.number().int() };

/** A mint's status: `pending` until its batch transaction is mined, then `success` or `failed`. */
export const mintStatuses = ['pending', 'success', 'failed'] as const;
