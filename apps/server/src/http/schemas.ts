import { errorResponseSchema } from '@keepsake/wire/errors';

/**
 * Response schemas for the usual client errors, to spread into a route's `response`. The shapes themselves live
 * in @keepsake/wire (docs/decisions/087).
 */
export const clientErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};
