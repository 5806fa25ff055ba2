import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { authEvents } from '@keepsake/db/schema';
import type { App } from '../../http/types.ts';
import { clientErrors } from '../../http/schemas.ts';
import type { RateLimiter } from '../../platform/rate-limiter.ts';
import { resolveSdkCaller, sdkData } from '../sdk-auth.ts';
import { sdkEnvelope } from '../wire-schemas.ts';

/** The SDK sends at most 15 events a batch (spec §9); a little slack, then refuse. */
export const MAX_EVENTS_PER_BATCH = 50;
export const MAX_EVENT_DETAILS_BYTES = 4096;

/** Spec §3 Event telemetry. */
const eventSchema = z.object({
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

export function eventRoutes(app: App, limiter: RateLimiter) {
  const { db, config } = app.ctx;
  app.post(
    '/events',
    {
      schema: {
        tags: ['Auth: telemetry'],
        summary: 'Batched client telemetry (a list of events, or {events: [...]}); needs the public token only',
        body: z.union([batchSchema, z.object({ events: batchSchema })], { message: 'send a list of events or {"events": [...]}' }),
        response: { 200: sdkEnvelope({ accepted: z.number().int() }), ...clientErrors },
      },
    },
    async (request) => {
      const { tenant } = await resolveSdkCaller(db, request);
      await limiter.hit(`events:ip:${request.ip}`, config.rateLimits.eventsPerIp, config.rateLimits.windowSeconds);
      const items = Array.isArray(request.body) ? request.body : request.body.events;
      const rows = items.map((item) => {
        const event = 'event' in item ? item.event : item;
        return {
          id: randomUUID(),
          projectId: tenant.projectId,
          eventName: event.event_name,
          details: event.details ?? null,
          errorCode: event.error_code ?? null,
          errorDescription: event.error_description ?? null,
          httpStatusCode: event.http_status_code ?? null,
          ipAddress: request.ip,
        };
      });
      await db.insert(authEvents).values(rows);
      return sdkData(request, { accepted: rows.length });
    },
  );
}
