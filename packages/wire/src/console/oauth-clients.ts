// A project's OAuth clients, one per provider (docs/oauth.md): /api/console/projects/{id}/oauth-providers[/{provider}].
import { z } from 'zod';
import { oauthProviderSchema } from '../sdk/oauth.ts';

const uuidSchema = z.uuid({ message: 'must be a project id' });

export const oauthClientParams = z.object({ id: uuidSchema, provider: oauthProviderSchema });

/** What the console shows: never the client secret, which is sealed when saved and never read back. */
export const oauthClientSchema = z
  .object({
    providerType: z.string(),
    clientId: z.string(),
    customScopes: z.array(z.string()),
    enabled: z.boolean(),
    clientSecretSet: z.literal(true),
    updatedAt: z.string(),
  })
  .meta({ id: 'OauthClient' });

export const oauthClientsResponse = z.object({
  /** The redirect URI to register at every provider. */
  redirectUri: z.string(),
  clients: z.array(oauthClientSchema),
});

const scopeSchema = z.string().regex(/^[\x21-\x7e]{1,200}$/, { message: 'a scope is 1 to 200 printable characters without spaces' });

/** PUT: the client id, the secret (required the first time; left out, the stored one stays), scopes and enablement. */
export const oauthClientBody = z
  .object({
    clientId: z.string({ message: 'clientId is required' }).trim().min(1, { message: 'clientId is required' }).max(500),
    clientSecret: z.string().min(1, { message: 'clientSecret must not be empty' }).max(2000).optional(),
    customScopes: z.array(scopeSchema).max(50, { message: 'at most 50 custom scopes' }).default([]),
    enabled: z.boolean({ message: 'enabled must be true or false' }).default(true),
  })
  .strict();

export const oauthClientDeleteResponse = z.object({ deleted: z.literal(true) });
