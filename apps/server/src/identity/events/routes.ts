import { z } from 'zod';
import type { App } from '../../http/types.ts';
import { clientErrors } from '../../http/schemas.ts';
import { resolveSdkCaller, sdkData } from '../sdk-auth.ts';
import { admitOrigin } from '../sdk-guards.ts';
import { sdkEnvelope } from '../wire-schemas.ts';
import type { EventService } from './service.ts';

/** The SDK sends at most 15 events a batch (spec §9); a little slack, then refuse. */
export const MAX_EVENTS_PER_BATCH = 50;
export const MAX_EVENT_DETAILS_BYTES = 4096;

/** Spec §3 Event telemetry. */
const eventSchema = z.object({
  public_token: z.string({ message: 'public_token must be a string' }).max(200, { message: 'public_token must be at most 200 characters' }).nullish(),
  event_name: z.string({ message: 'event_name must be a string' }).min(1).max(100, { message: 'event_name must be at most 100 characters' }),
  details: z
    .record(z.string(), z.unknown(), { message: 'details must be an object' })
    .refine((d) => Buffer.byteLength(JSON.stringify(d), 'utf8') <= MAX_EVENT_DETAILS_BYTES, {
      message: `details must be at most ${MAX_EVENT_DETAILS_BYTES} bytes as JSON`,
    })
    .nullish(),
  error_code: z.string().max(100).nullish(),
  error_description: z.string().max(1000).nullish(),
  http_status_code: z.number().int().min(0).max(999).nullish(),
});

/** An event as such, or wrapped with the client's telemetry (`{telemetry, event}`). */
const itemSchema = z.union([eventSchema, z.object({ event: eventSchema, telemetry: z.record(z.string(), z.unknown()).optional() })]);
const batchSchema = z
  .array(itemSchema)
  .min(1, { message: 'send at least one event' })
  .max(MAX_EVENTS_PER_BATCH, { message: `at most ${MAX_EVENTS_PER_BATCH} events a batch` });

export function eventRoutes(app: App, events: EventService) {
  const { db, config } = app.ctx;
  app.post(
    '/events',
    {
      schema: {
        tags: ['Auth: telemetry'],
        summary: 'Batched client telemetry (a list of events, or {events: [...]}); needs the public token only',
        description:
          "Each event belongs to the project of the public_token it carries (the Stytch clients' form: no Authorization header), " +
          "else to the project of the call's Basic auth. An unknown token refuses the batch with 401.",
        body: z.union([batchSchema, z.object({ events: batchSchema })], { message: 'send a list of events or {"events": [...]}' }),
        response: { 200: sdkEnvelope({ accepted: z.number().int() }), ...clientErrors },
      },
    },
    async (request, reply) => {
      await events.limit(request.ip);
      const items = (Array.isArray(request.body) ? request.body : request.body.events).map((item) => ('event' in item ? item.event : item));
      const fallback = request.headers.authorization === undefined ? undefined : (await resolveSdkCaller(db, request)).tenant;
      const tenants = await events.projectsOf(items, fallback);
      admitOrigin(request, reply, config.publicUrl, [...new Map(tenants.map((t) => [t.projectId, t])).values()]);
      return sdkData(request, { accepted: await events.record(items, tenants, request.ip) });
    },
  );
}
