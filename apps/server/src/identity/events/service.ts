import { randomUUID } from 'node:crypto';
import type { telemetryEventSchema } from '@keepsake/wire/sdk/events';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { UnauthorizedCredentialsError } from '../errors.ts';
import type { RateLimiter } from '../../platform/rate-limiter.ts';
import { findTenantByPublicToken, type Tenant } from '../tenants.ts';
import { insertEvents } from './store.ts';

/** Spec §3 Event telemetry: one event, with the public token the client put in it (docs/decisions/077). */
export type IncomingEvent = z.output<typeof telemetryEventSchema>;

/**
 * Client telemetry (POST /sdk/v1/events). The genuine client posts its batches without credentials, the public
 * token inside each event; our own SDK sends Basic auth. Each event belongs to the project its token names.
 */
export function createEventService(ctx: AppContext, limiter: RateLimiter) {
  const { windowSeconds, eventsPerIp } = ctx.config.rateLimits;
  return {
    /** Counts one batch against the caller's address. @throws TooManyRequestsError */
    limit: (ip: string) => limiter.hit(`events:ip:${ip}`, eventsPerIp, windowSeconds),

    /**
     * The project of each event: the one its `public_token` names, else `fallback` (the project of the call's
     * Basic auth). Stops at the first token that names no project, so a batch of made-up tokens costs one lookup.
     * @throws UnauthorizedCredentialsError `unauthorized_credentials` when an event names no project or an unknown one.
     */
    async projectsOf(events: IncomingEvent[], fallback: Tenant | undefined): Promise<Tenant[]> {
      const tenants: Tenant[] = [];
      for (const event of events) {
        const token = event.public_token;
        if (!token) {
          if (!fallback) {
            throw new UnauthorizedCredentialsError(
              "Each event needs its project's public token: send public_token in every event, or Authorization: Basic base64(public_token:public_token).",
            );
          }
          tenants.push(fallback);
          continue;
        }
        const tenant = token.startsWith('public-token-') ? await findTenantByPublicToken(ctx.db, token) : undefined;
        if (!tenant) throw new UnauthorizedCredentialsError('The public token of an event does not match any project.');
        tenants.push(tenant);
      }
      return tenants;
    },

    /** Stores `events`, each under the project at the same index of `tenants`; answers how many were stored. */
    async record(events: IncomingEvent[], tenants: Tenant[], ip: string): Promise<number> {
      await insertEvents(
        ctx.db,
        events.map((event, i) => ({
          id: randomUUID(),
          projectId: tenants[i]!.projectId,
          eventName: event.event_name,
          details: event.details ?? null,
          errorCode: event.error_code ?? null,
          errorDescription: event.error_description ?? null,
          httpStatusCode: event.http_status_code ?? null,
          ipAddress: ip,
        })),
      );
      return events.length;
    },
  };
}

export type EventService = ReturnType<typeof createEventService>;
