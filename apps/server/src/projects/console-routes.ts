import { z } from 'zod';
import type { App } from '../http/types.ts';
import { consoleUser } from '../http/auth.ts';
import { clientErrors, emailSchema, uuidSchema } from '../http/schemas.ts';
import { apiKeyScopes, type ApiKeyScope } from './scopes.ts';
import {
  apiKeySchema,
  authSettingsPatchSchema,
  authSettingsSchema,
  createApiKeyBody,
  memberSchema,
  projectNameSchema,
  projectSchema,
  roleSchema,
} from './schemas.ts';
import type { ProjectService } from './service.ts';

const session = { auth: { kind: 'session' as const } };
const tags = ['Console: projects'];

/** /api/console/projects… (spec §7 "Console paths"). Every route needs a console session. */
export function consoleProjectRoutes(app: App, projects: ProjectService) {
  app.get(
    '/api/console/projects',
    {
      config: session,
      schema: {
        tags,
        summary: 'List your projects, or read one with ?projectId',
        querystring: z.object({ projectId: uuidSchema.optional() }),
        response: { 200: z.union([z.object({ projects: z.array(projectSchema) }), z.object({ project: projectSchema })]), ...clientErrors },
      },
    },
    async (request) => {
      const user = consoleUser(request);
      if (request.query.projectId) return { project: await projects.getProject(request.query.projectId, user.userId) };
      return { projects: await projects.listProjects(user.userId) };
    },
  );

  app.post(
    '/api/console/projects',
    {
      config: session,
      schema: {
        tags,
        summary: 'Create a project',
        body: z.object({ name: projectNameSchema }),
        response: { 201: z.object({ project: projectSchema }), ...clientErrors },
      },
    },
    async (request, reply) => {
      const project = await projects.createProject(request.body.name, consoleUser(request).userId);
      return reply.status(201).send({ project });
    },
  );

  app.patch(
    '/api/console/projects/:id',
    {
      config: session,
      schema: {
        tags,
        summary: 'Rename a project (owners and admins)',
        params: z.object({ id: uuidSchema }),
        body: z.object({ name: projectNameSchema }),
        response: { 200: z.object({ project: projectSchema }), ...clientErrors },
      },
    },
    async (request) => ({ project: await projects.renameProject(request.params.id, consoleUser(request).userId, request.body.name) }),
  );

  app.get(
    '/api/console/projects/members',
    {
      config: session,
      schema: {
        tags,
        summary: 'List members',
        querystring: z.object({ projectId: uuidSchema }),
        response: { 200: z.object({ members: z.array(memberSchema) }), ...clientErrors },
      },
    },
    async (request) => ({ members: await projects.listMembers(request.query.projectId, consoleUser(request).userId) }),
  );

  app.post(
    '/api/console/projects/members',
    {
      config: session,
      schema: {
        tags,
        summary: 'Add a member by email and send them an invitation',
        body: z.object({ projectId: uuidSchema, email: emailSchema, role: roleSchema }),
        response: { 201: z.object({ member: memberSchema }), ...clientErrors },
      },
    },
    async (request, reply) => {
      const { projectId, email, role } = request.body;
      const member = await projects.addMember(projectId, consoleUser(request).userId, email, role);
      return reply.status(201).send({ member });
    },
  );

  app.patch(
    '/api/console/projects/members',
    {
      config: session,
      schema: {
        tags,
        summary: "Change a member's role",
        body: z.object({ projectId: uuidSchema, userId: uuidSchema, role: roleSchema }),
        response: { 200: z.object({ member: memberSchema }), ...clientErrors },
      },
    },
    async (request) => {
      const { projectId, userId, role } = request.body;
      return { member: await projects.changeMemberRole(projectId, consoleUser(request).userId, userId, role) };
    },
  );

  app.delete(
    '/api/console/projects/members',
    {
      config: session,
      schema: {
        tags,
        summary: 'Remove a member',
        querystring: z.object({ projectId: uuidSchema, userId: uuidSchema }),
        response: { 200: z.object({ removed: z.literal(true) }), ...clientErrors },
      },
    },
    async (request) => projects.removeMember(request.query.projectId, consoleUser(request).userId, request.query.userId),
  );

  app.get(
    '/api/console/projects/:id/apiKeys',
    {
      config: session,
      schema: {
        tags,
        summary: 'List API keys, or read one with ?keyId',
        params: z.object({ id: uuidSchema }),
        querystring: z.object({ keyId: uuidSchema.optional() }),
        response: { 200: z.union([z.object({ apiKeys: z.array(apiKeySchema) }), z.object({ apiKey: apiKeySchema })]), ...clientErrors },
      },
    },
    async (request) => {
      const userId = consoleUser(request).userId;
      if (request.query.keyId) return { apiKey: await projects.getApiKey(request.params.id, userId, request.query.keyId) };
      return { apiKeys: await projects.listApiKeys(request.params.id, userId) };
    },
  );

  app.post(
    '/api/console/projects/:id/apiKeys',
    {
      config: session,
      schema: {
        tags,
        summary: 'Create an API key; the secret is returned only in this response',
        params: z.object({ id: uuidSchema }),
        body: createApiKeyBody,
        response: { 201: z.object({ apiKey: apiKeySchema, secret: z.string() }), ...clientErrors },
      },
    },
    async (request, reply) => {
      const created = await projects.createApiKey(request.params.id, consoleUser(request).userId, {
        name: request.body.name,
        environment: request.body.environment,
        scopes: request.body.scopes as ApiKeyScope[],
      });
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.delete(
    '/api/console/projects/:id/apiKeys',
    {
      config: session,
      schema: {
        tags,
        summary: 'Revoke an API key',
        params: z.object({ id: uuidSchema }),
        querystring: z.object({ keyId: uuidSchema }),
        response: { 200: z.object({ apiKey: apiKeySchema }), ...clientErrors },
      },
    },
    async (request) => ({ apiKey: await projects.revokeApiKey(request.params.id, consoleUser(request).userId, request.query.keyId) }),
  );

  app.get(
    '/api/console/scopes',
    {
      config: session,
      schema: {
        tags,
        summary: 'The scopes an API key can hold',
        response: { 200: z.object({ scopes: z.array(z.object({ name: z.string(), description: z.string() })) }), ...clientErrors },
      },
    },
    async () => ({ scopes: Object.entries(apiKeyScopes).map(([name, description]) => ({ name, description })) }),
  );

  app.get(
    '/api/console/projects/:id/auth-config',
    {
      config: session,
      schema: {
        tags,
        summary: "The project's allowed browser origins and auth settings (captcha, MFA)",
        params: z.object({ id: uuidSchema }),
        response: { 200: authSettingsSchema, ...clientErrors },
      },
    },
    async (request) => projects.getAuthSettings(request.params.id, consoleUser(request).userId),
  );

  app.patch(
    '/api/console/projects/:id/auth-config',
    {
      config: session,
      schema: {
        tags,
        summary: 'Change allowed origins and/or auth settings (owners and admins; top-level keys replaced whole)',
        params: z.object({ id: uuidSchema }),
        body: authSettingsPatchSchema,
        response: { 200: authSettingsSchema, ...clientErrors },
      },
    },
    async (request) => projects.updateAuthSettings(request.params.id, consoleUser(request).userId, request.body),
  );
}
