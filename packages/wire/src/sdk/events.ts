// Client telemetry (spec §3 Event telemetry; POST /sdk/v1/events).
import { z } from 'zod';
import { sdkEnvelope } from './envelope.ts';

/** The SDK sends at most 15 events a batch (spec §9); a little slack, then refuse. */
export const maxEventsPerBatch = 50;
export const maxEventDetailsBytes = 4096;

const utf8 = new TextEncoder();

/** One event, with the public token of its project (the Stytch clients' form; docs/decisions/077). */
export const telemetryEventSchema = z.object({
  public_token: z.string({ message: 'public_token must be a string' }).max(200, { message: 'public_token must be at most 200 characters' }).nullish(),
  event_name: z.string({ message: 'event_name must be a string' }).min(1).max(100, { message: 'event_name must be at most 100 characters' }),
  details: z
    .record(z.string(), z.unknown(), { message: 'details must be an object' })
    .refine((d) => utf8.encode(JSON.stringify(d)).length <= maxEventDetailsBytes, {
      message: `details must be at most ${maxEventDetailsBytes} bytes as JSON`,
    })
    .nullish(),
  error_code: z.string().max(100).nullish(),
  error_description: z.string().max(1000).nullish(),
  http_status_code: z.number().int().min(0).max(999).nullish(),
});

/** An event as such, or wrapped with the client's telemetry (`{telemetry, event}`). */
const itemSchema = z.union([telemetryEventSchema, z.object({ event: telemetryEventSchema, telemetry: z.record(z.string(), z.unknown()).optional() })]);
const batchSchema = z
  .array(itemSchema)
  .min(1, { message: 'send at least one event' })
  .max(maxEventsPerBatch, { message: `at most ${maxEventsPerBatch} events a batch` });

/** A list of events, or `{events: [...]}`. */
export const eventsBody = z.union([batchSchema, z.object({ events: batchSchema })], { message: 'send a list of events or {"events": [...]}' });

export const eventsResponse = sdkEnvelope({ accepted: z.number().int() });
