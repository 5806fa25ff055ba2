import { z } from 'zod';
import { apiKeyCaller } from '../http/auth.ts';
import { clientErrors, uuidSchema } from '../http/schemas.ts';
import type { App } from '../http/types.ts';
import type { ActionService } from './service.ts';

export const actionSchema = z
  .object({
    actionId: z.string(),
    action: z.string().meta({ description: 'What was asked, e.g. collections.create' }),
    status: z.enum(['pending', 'succeeded', 'failed']),
    data: z.record(z.string(), z.unknown()),
    startedAt: z.string(),
    completedAt: z.string().nullable(),
    resource: z.string().meta({ description: 'The API URL of what the action made' }),
  })
  .meta({ id: 'Action' });

/** GET /api/2022-06-09/actions/{actionId}: the status of an asynchronous operation. */
export function actionRoutes(app: App, actions: ActionService) {
  app.get(
    '/api/2022-06-09/actions/:actionId',
    {
      // Actions report on collections now and mints next; either read scope may ask.
      config: { auth: { kind: 'apiKey', scope: ['collections.read', 'nfts.read'] } },
      schema: {
        tags: ['Developer API: actions'],
        summary: 'Read the status of an asynchronous action (a collection deploy)',
        security: [{ apiKey: [] }],
        params: z.object({ actionId: uuidSchema }),
        response: { 200: actionSchema, ...clientErrors },
      },
    },
    async (request) => actions.get(apiKeyCaller(request).projectId, request.params.actionId),
  );
}
