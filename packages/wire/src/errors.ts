import { z } from 'zod';

/** The spec §8 error body every API answers a failure with. */
export const errorResponseSchema = z
  .object({
    status_code: z.number().int(),
    request_id: z.string(),
    error_type: z.string(),
    error_message: z.string(),
    error_url: z.string(),
  })
  .meta({ id: 'Error' });
