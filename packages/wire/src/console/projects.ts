// Projects, their members, API keys and auth settings (/api/console/projects…, spec §7 "Console paths").
import { z } from 'zod';
import { emailSchema, uuidSchema } from '../common.ts';
import { allowedOriginsSchema, authConfigPatchSchema, authConfigSchema } from './auth-config.ts';

/** Project roles. Owners and admins manage members and API keys. */
export const projectRoles = ['owner', 'admin', 'developer'] as const;
export type ProjectRole = (typeof projectRoles)[number];

export { maxProjectNameLength, projectNameBody, projectNameSchema } from './project-name.ts';

export const projectSchema = z
  .object({ id: z.string(), name: z.string(), role: z.enum(projectRoles), publicToken: z.string(), createdAt: z.string() })
  .meta({ id: 'Project' });

export const memberSchema = z
  .object({ userId: z.string(), email: z.string(), role: z.enum(projectRoles), createdAt: z.string() })
  .meta({ id: 'ProjectMember' });

export const roleSchema = z.enum(projectRoles, { message: `role must be one of ${projectRoles.join(', ')}` });

/** `{id}` of the /api/console/projects/{id}… paths. */
export const projectParams = z.object({ id: uuidSchema });

/** GET /api/console/projects: every project, or one with ?projectId. */
export const projectsQuery = z.object({ projectId: uuidSchema.optional() });
export const projectListResponse = z.object({ projects: z.array(projectSchema) });
export const projectResponse = z.object({ project: projectSchema });
export const projectsResponse = z.union([projectListResponse, projectResponse]);

/** GET /api/console/projects/members. */
export const membersQuery = z.object({ projectId: uuidSchema });
export const membersResponse = z.object({ members: z.array(memberSchema) });

/** POST (invite) and PATCH (change the role) /api/console/projects/members. */
export const addMemberBody = z.object({ projectId: uuidSchema, email: emailSchema, role: roleSchema });
export const updateMemberBody = z.object({ projectId: uuidSchema, userId: uuidSchema, role: roleSchema });
export const memberResponse = z.object({ member: memberSchema });

/** DELETE /api/console/projects/members. */
export const removeMemberQuery = z.object({ projectId: uuidSchema, userId: uuidSchema });
export const removeMemberResponse = z.object({ removed: z.literal(true) });

// API keys (/api/console/projects/{id}/apiKeys) and the scopes they may hold.

export const apiKeyEnvironments = ['staging', 'production'] as const;
export type ApiKeyEnvironment = (typeof apiKeyEnvironments)[number];

/**
 * The scopes on offer: exactly those some developer API route requires (the server's `scopes.int.test.ts`
 * fails otherwise; ADR 083). The server describes each one (`GET /api/console/scopes`).
 */
export const apiKeyScopeNames = [
  'collections.create',
  'collections.read',
  'nfts.create',
  'nfts.read',
  'orders.create',
  'orders.read',
  'orders.update',
  'wallets.create',
  'wallets.read',
] as const;
export type ApiKeyScope = (typeof apiKeyScopeNames)[number];

export const maxApiKeyNameLength = 64;

/**
 * `server` keys (`sk_…`) hold the scopes chosen; `client` keys (`ck_…`) go in a web page: they work only from the
 * project's allowed origins and only create orders (issue 14 item 7; ADR 107).
 */
export const apiKeyTypes = ['server', 'client'] as const;
export type ApiKeyType = (typeof apiKeyTypes)[number];
/** The one scope a client-side key holds. */
export const clientKeyScopes = ['orders.create'] as const satisfies readonly ApiKeyScope[];

export const apiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    type: z.enum(apiKeyTypes),
    environment: z.enum(apiKeyEnvironments),
    scopes: z.array(z.string()),
    prefix: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
  })
  .meta({ id: 'ApiKey' });

export const apiKeyNameSchema = z
  .string({ message: 'name must be a string' })
  .trim()
  .min(1, { message: 'Name cannot be empty' })
  .max(maxApiKeyNameLength, { message: `Name must be at most ${maxApiKeyNameLength} characters` });

export const apiKeyEnvironmentSchema = z.enum(apiKeyEnvironments, { message: 'environment must be staging or production' });

/** POST: the secret is in the answer only. A client-side key holds orders.create and nothing else. */
export const createApiKeyBody = z
  .object({
    name: apiKeyNameSchema,
    type: z.enum(apiKeyTypes, { message: 'type must be server or client' }).default('server'),
    environment: apiKeyEnvironmentSchema,
    scopes: z
      .array(z.enum(apiKeyScopeNames, { message: `each scope must be one of ${apiKeyScopeNames.join(', ')}` }))
      .min(1, { message: 'Choose at least one scope' })
      .max(apiKeyScopeNames.length * 2),
  })
  .refine((body) => body.type === 'server' || body.scopes.every((scope) => (clientKeyScopes as readonly string[]).includes(scope)), {
    message: 'A client-side key can only hold the orders.create scope',
    path: ['scopes'],
  });
export const createdApiKeyResponse = z.object({ apiKey: apiKeySchema, secret: z.string() });

/** GET lists the keys, or reads one with ?keyId. */
export const apiKeysQuery = z.object({ keyId: uuidSchema.optional() });
export const apiKeyListResponse = z.object({ apiKeys: z.array(apiKeySchema) });
export const apiKeyResponse = z.object({ apiKey: apiKeySchema });
export const apiKeysResponse = z.union([apiKeyListResponse, apiKeyResponse]);

/** DELETE revokes ?keyId. */
export const revokeApiKeyQuery = z.object({ keyId: uuidSchema });

/** GET /api/console/scopes. */
export const scopeSchema = z.object({ name: z.string(), description: z.string() });
export const scopesResponse = z.object({ scopes: z.array(scopeSchema) });

/** GET and PATCH /api/console/projects/{id}/auth-config answer: the origins and the settings, made whole with the defaults. */
export const authSettingsSchema = z
  .object({ allowedOrigins: z.array(z.string()), authConfig: authConfigSchema })
  .meta({ id: 'ProjectAuthSettings', description: "A project's browser origins and auth-service settings" });

/** PATCH body: either part, each given top-level key of authConfig replaced whole. */
export const authSettingsPatchSchema = z
  .object({ allowedOrigins: allowedOriginsSchema.optional(), authConfig: authConfigPatchSchema.optional() })
  .strict()
  .refine((v) => v.allowedOrigins !== undefined || v.authConfig !== undefined, { message: 'At least one parameter must be defined' });

/** The plan's checkout fee tiers (§9: 0, 1 or 3 percent of an order's subtotal); a setting until billing decides it. */
export const checkoutFeePercents = [0, 1, 3] as const;
export type CheckoutFeePercent = (typeof checkoutFeePercents)[number];

/** GET and PATCH /api/console/projects/{id}/checkout. */
export const checkoutSettingsSchema = z
  .object({
    feePercent: z
      .union(
        checkoutFeePercents.map((percent) => z.literal(percent)),
        { message: 'feePercent must be 0, 1 or 3' },
      )
      .meta({ description: 'The percentage fee tier taken from each order (plus 0.5 USD per crypto order)' }),
  })
  .meta({ id: 'ProjectCheckoutSettings' });
