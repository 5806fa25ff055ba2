import { z } from 'zod';
import { apiKeyEnvironments, projectRoles } from '@keepsake/db/schema';
import { allowedOriginsSchema } from '../http/schemas.ts';
import { authConfigPatchSchema, authConfigSchema } from '../identity/auth-config.ts';
import { allScopes } from './scopes.ts';

export const projectNameSchema = z
  .string({ message: 'name must be a string' })
  .trim()
  .min(1, { message: 'Name cannot be empty' })
  .max(64, { message: 'name must be at most 64 characters' });

export const projectSchema = z
  .object({ id: z.string(), name: z.string(), role: z.enum(projectRoles), publicToken: z.string(), createdAt: z.string() })
  .meta({ id: 'Project' });

export const memberSchema = z
  .object({ userId: z.string(), email: z.string(), role: z.enum(projectRoles), createdAt: z.string() })
  .meta({ id: 'ProjectMember' });

export const apiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    environment: z.enum(apiKeyEnvironments),
    scopes: z.array(z.string()),
    prefix: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
  })
  .meta({ id: 'ApiKey' });

export const roleSchema = z.enum(projectRoles, { message: `role must be one of ${projectRoles.join(', ')}` });

export const createApiKeyBody = z.object({
  name: z.string({ message: 'name must be a string' }).trim().min(1, { message: 'Name cannot be empty' }).max(64),
  environment: z.enum(apiKeyEnvironments, { message: 'environment must be staging or production' }),
  scopes: z
    .array(z.enum(allScopes as [string, ...string[]], { message: `each scope must be one of ${allScopes.join(', ')}` }))
    .min(1, { message: 'Choose at least one scope' })
    .max(allScopes.length * 2),
});

export const authSettingsSchema = z
  .object({ allowedOrigins: z.array(z.string()), authConfig: authConfigSchema })
  .meta({ id: 'ProjectAuthSettings', description: "A project's browser origins and auth-service settings" });

/** PATCH body: either part, each given top-level key of authConfig replaced whole. */
export const authSettingsPatchSchema = z
  .object({ allowedOrigins: allowedOriginsSchema.optional(), authConfig: authConfigPatchSchema.optional() })
  .strict()
  .refine((v) => v.allowedOrigins !== undefined || v.authConfig !== undefined, { message: 'At least one parameter must be defined' });
