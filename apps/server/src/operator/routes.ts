import { emailSchema, uuidSchema } from '@keepsake/wire/common';
import { allowedOriginsSchema } from '@keepsake/wire/console/auth-config';
import { projectNameSchema } from '@keepsake/wire/console/projects';
import { z } from 'zod';
import type { App } from '../http/types.ts';
import { clientErrors } from '../http/schemas.ts';
import type { ProjectService } from '../projects/service.ts';

export const operatorProjectResult = z.object({ projectId: z.string(), publicToken: z.string(), apiKey: z.string() });
export const operatorUpdateResult = z.object({ projectId: z.string(), allowedOrigins: z.array(z.string()) });

/** Endpoints for the operator CLI while the server holds the embedded database. Bearer = operator secret. */
export function operatorRoutes(app: App, projects: ProjectService) {
  app.post(
    '/api/operator/projects',
    {
      config: { auth: { kind: 'operator' } },
      schema: {
        tags: ['Operator'],
        summary: 'Create a project owned by an email, with an all-scopes staging key',
        body: z.object({ ownerEmail: emailSchema, name: projectNameSchema, allowedOrigins: allowedOriginsSchema.optional() }),
        response: { 201: operatorProjectResult, ...clientErrors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .header('cache-control', 'no-store')
        .send(await projects.operatorCreateProject(request.body.ownerEmail, request.body.name, request.body.allowedOrigins)),
  );

  app.patch(
    '/api/operator/projects/:id',
    {
      config: { auth: { kind: 'operator' } },
      schema: {
        tags: ['Operator'],
        summary: "Replace a project's allowed browser origins",
        params: z.object({ id: uuidSchema }),
        body: z.object({ allowedOrigins: allowedOriginsSchema }),
        response: { 200: operatorUpdateResult, ...clientErrors },
      },
    },
    async (request) => projects.operatorUpdateProject(request.params.id, { allowedOrigins: request.body.allowedOrigins }),
  );
}
