import { uuidSchema } from '@keepsake/wire/common';
import { oauthClientBody, oauthClientSchema } from '@keepsake/wire/console/oauth-clients';
import { authSettingsPatchSchema, authSettingsSchema } from '@keepsake/wire/console/projects';
import { oauthProviderSchema } from '@keepsake/wire/sdk/oauth';
import { z } from 'zod';
import type { App } from '../http/types.ts';
import { consoleUser } from '../http/auth.ts';
import { clientErrors } from '../http/schemas.ts';
import { MAX_IMPERSONATION_TOKEN_MINUTES } from '../identity/impersonation/service.ts';
import type { IdentityService } from '../identity/service.ts';
import type { ProjectService } from '../projects/service.ts';

const admin = { auth: { kind: 'admin' as const } };

/** The admin area's API: internal administrators only (KEEPSAKE_ADMIN_EMAILS). */
export function adminRoutes(app: App, deps: { identity: IdentityService; projects: ProjectService }) {
  const { identity, projects } = deps;
  // The platform project (the console's own sign-in) has no members: its settings are the administrators' (ADR 104).
  app.get(
    '/api/admin/platform/auth-config',
    {
      config: admin,
      schema: { tags: ['Admin'], summary: "The platform project's origins and auth settings", response: { 200: authSettingsSchema, ...clientErrors } },
    },
    async () => projects.platformAuthSettings(),
  );

  app.patch(
    '/api/admin/platform/auth-config',
    {
      config: admin,
      schema: {
        tags: ['Admin'],
        summary: "Change the platform project's origins and/or auth settings, e.g. signInMethods (top-level keys replaced whole)",
        body: authSettingsPatchSchema,
        response: { 200: authSettingsSchema, ...clientErrors },
      },
    },
    async (request) => projects.updatePlatformAuthSettings(request.body),
  );

  app.put(
    '/api/admin/platform/oauth-providers/:provider',
    {
      config: admin,
      schema: {
        tags: ['Admin'],
        summary: "Set the platform project's client at an OAuth provider (Google, Discord sign-in on /signin)",
        params: z.object({ provider: oauthProviderSchema }),
        body: oauthClientBody,
        response: { 200: oauthClientSchema, ...clientErrors },
      },
    },
    async (request) => projects.savePlatformOauthClient(request.params.provider, request.body),
  );

  app.post(
    '/api/admin/impersonation-tokens',
    {
      config: admin,
      schema: {
        tags: ['Admin'],
        summary: 'Issue a single-use, short-lived token that signs in as a user of a project (audited)',
        body: z.object({
          projectId: uuidSchema,
          userId: uuidSchema,
          expirationMinutes: z
            .number({ message: 'expirationMinutes must be a number' })
            .int({ message: 'expirationMinutes must be a whole number' })
            .min(1, { message: 'expirationMinutes must be at least 1' })
            .max(MAX_IMPERSONATION_TOKEN_MINUTES, { message: `expirationMinutes must be at most ${MAX_IMPERSONATION_TOKEN_MINUTES}` })
            .optional(),
        }),
        response: {
          201: z.object({ impersonationToken: z.string(), tokenId: z.string(), projectId: z.string(), userId: z.string(), expiresAt: z.string() }),
          ...clientErrors,
        },
      },
    },
    async (request, reply) => {
      const user = consoleUser(request);
      const issued = await identity.impersonation.issue({ userId: user.userId, email: user.email, ip: request.ip }, request.body);
      return reply.status(201).header('cache-control', 'no-store').send(issued);
    },
  );
}
