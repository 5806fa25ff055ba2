import {
  addMemberBody,
  apiKeyResponse,
  apiKeysQuery,
  apiKeysResponse,
  authSettingsPatchSchema,
  authSettingsSchema,
  checkoutSettingsSchema,
  createApiKeyBody,
  createdApiKeyResponse,
  memberResponse,
  membersQuery,
  membersResponse,
  projectNameBody,
  projectParams,
  projectResponse,
  projectsQuery,
  projectsResponse,
  removeMemberQuery,
  removeMemberResponse,
  revokeApiKeyQuery,
  scopesResponse,
  updateMemberBody,
} from '@keepsake/wire/console/projects';
import type { App } from '../http/types.ts';
import { consoleUser } from '../http/auth.ts';
import { clientErrors } from '../http/schemas.ts';
import { apiKeyScopes } from './scopes.ts';
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
        querystring: projectsQuery,
        response: { 200: projectsResponse, ...clientErrors },
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
        body: projectNameBody,
        response: { 201: projectResponse, ...clientErrors },
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
        params: projectParams,
        body: projectNameBody,
        response: { 200: projectResponse, ...clientErrors },
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
        querystring: membersQuery,
        response: { 200: membersResponse, ...clientErrors },
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
        body: addMemberBody,
        response: { 201: memberResponse, ...clientErrors },
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
        body: updateMemberBody,
        response: { 200: memberResponse, ...clientErrors },
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
        querystring: removeMemberQuery,
        response: { 200: removeMemberResponse, ...clientErrors },
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
        params: projectParams,
        querystring: apiKeysQuery,
        response: { 200: apiKeysResponse, ...clientErrors },
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
        params: projectParams,
        body: createApiKeyBody,
        response: { 201: createdApiKeyResponse, ...clientErrors },
      },
    },
    async (request, reply) => {
      const created = await projects.createApiKey(request.params.id, consoleUser(request).userId, {
        name: request.body.name,
        type: request.body.type,
        environment: request.body.environment,
        scopes: request.body.scopes,
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
        params: projectParams,
        querystring: revokeApiKeyQuery,
        response: { 200: apiKeyResponse, ...clientErrors },
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
        response: { 200: scopesResponse, ...clientErrors },
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
        params: projectParams,
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
        params: projectParams,
        body: authSettingsPatchSchema,
        response: { 200: authSettingsSchema, ...clientErrors },
      },
    },
    async (request) => projects.updateAuthSettings(request.params.id, consoleUser(request).userId, request.body),
  );

  app.get(
    '/api/console/projects/:id/checkout',
    {
      config: session,
      schema: {
        tags,
        summary: "The project's checkout fee tier (0, 1 or 3 percent)",
        params: projectParams,
        response: { 200: checkoutSettingsSchema, ...clientErrors },
      },
    },
    async (request) => projects.getCheckoutSettings(request.params.id, consoleUser(request).userId),
  );

  app.patch(
    '/api/console/projects/:id/checkout',
    {
      config: session,
      schema: {
        tags,
        summary: 'Set the checkout fee tier, used by orders quoted from now on (owners and admins)',
        params: projectParams,
        body: checkoutSettingsSchema,
        response: { 200: checkoutSettingsSchema, ...clientErrors },
      },
    },
    async (request) => projects.updateCheckoutSettings(request.params.id, consoleUser(request).userId, request.body),
  );
}
