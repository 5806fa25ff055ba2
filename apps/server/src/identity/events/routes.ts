import { eventsBody, eventsResponse } from '@keepsake/wire/sdk/events';
import type { App } from '../../http/types.ts';
import { clientErrors } from '../../http/schemas.ts';
import { sdkData } from '../sdk-auth.ts';
import { admitOrigin } from '../sdk-guards.ts';
import type { EventService } from './service.ts';

export function eventRoutes(app: App, events: EventService) {
  const { config } = app.ctx;
  app.post(
    '/events',
    {
      config: { auth: { kind: 'publicToken', whenSent: true } },
      schema: {
        tags: ['Auth: telemetry'],
        summary: 'Batched client telemetry (a list of events, or {events: [...]}); needs the public token only',
        description:
          "Each event belongs to the project of the public_token it carries (the Stytch clients' form: no Authorization header), " +
          "else to the project of the call's Basic auth. An unknown token refuses the batch with 401.",
        body: eventsBody,
        response: { 200: eventsResponse, ...clientErrors },
      },
    },
    async (request, reply) => {
      await events.limit(request.ip);
      const items = (Array.isArray(request.body) ? request.body : request.body.events).map((item) => ('event' in item ? item.event : item));
      // The project of the call's Basic auth, when it has one (`whenSent`: resolved only then).
      const fallback = request.sdkCaller?.tenant;
      const tenants = await events.projectsOf(items, fallback);
      admitOrigin(request, reply, config.publicUrl, [...new Map(tenants.map((t) => [t.projectId, t])).values()]);
      return sdkData(request, { accepted: await events.record(items, tenants, request.ip) });
    },
  );
}
