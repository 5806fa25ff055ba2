import { z } from 'zod';

/** The fields every /sdk/v1 success payload carries. */
export const responseCommonSchema = z.object({ request_id: z.string(), status_code: z.number().int() });

/** `{data: {request_id, status_code, …payload}}`, the §7 success shape. */
export function sdkEnvelope<T extends z.ZodRawShape>(payload: T) {
  return z.object({ data: z.object({ ...responseCommonSchema.shape, ...payload }) });
}

/** A body of no fields (or none at all), and an answer with nothing but the common fields. */
export const emptyBody = z.object({}).nullish();
export const emptyResponse = sdkEnvelope({});

/** The payload (`data`) of an /sdk/v1 answer, as a client receives it. */
export type SdkData<T extends { shape: { data: z.ZodType } }> = z.output<T['shape']['data']>;
