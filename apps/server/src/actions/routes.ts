import { actionParams, actionSchema } from '@keepsake/wire/developer/actions';
import { apiKeyCaller } from '../http/auth.ts';
import { clientErrors } from '../http/schemas.ts';
import type { App } from '../http/types.ts';
import type { ActionService } from './service.ts';

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
        params: actionParams,
        response: { 200: actionSchema, ...clientErrors },
      },
    },
    async (request) => actions.get(apiKeyCaller(request).projectId, request.params.actionId),
  );
}
