// A project's connected apps: the OpenID Connect clients of its identity provider (docs/identity-provider.md),
// /api/console/projects/{id}/connected-apps[/{clientId}] and /api/console/projects/{id}/identity-provider.
import { z } from 'zod';
import { isHttpsOrLocalHttp, maxUrlLength } from '@keepsake/validation/urls';

/** Spec §4 "OIDC client": the scopes a connected app may be allowed. */
export const idpScopes = ['openid', 'profile', 'email', 'phone', 'full_access', 'offline_access'] as const;
export type IdpScope = (typeof idpScopes)[number];
/** Spec §4: the scopes a new connected app is allowed unless told otherwise (openid email profile, in idpScopes order). */
export const defaultIdpScopes: IdpScope[] = ['openid', 'profile', 'email'];

export const idpClientTypes = ['first_party', 'third_party'] as const;
export const idpClientAuths = ['public', 'confidential'] as const;

const projectId = z.uuid({ message: 'must be a project id' });
export const connectedAppsParams = z.object({ id: projectId });
export const connectedAppParams = z.object({
  id: projectId,
  clientId: z.string().regex(/^connected-app-[a-z0-9-]{1,80}$/, { message: 'must be a connected app client id' }),
});

/** An https:// URL (http:// only on this machine), without a fragment (RFC 6749 §3.1.2). */
export const idpUrlSchema = z
  .string({ message: 'must be a URL' })
  .trim()
  .max(maxUrlLength, { message: `must be at most ${maxUrlLength} characters` })
  .refine((value) => isHttpsOrLocalHttp(value) && !value.includes('#'), {
    message: 'must be an https:// URL (http:// only for localhost) without a #fragment',
  });

const urlList = (what: string, min: number) =>
  z
    .array(idpUrlSchema, { message: `${what} must be a list of URLs` })
    .min(min, { message: `add at least ${min} ${what}` })
    .max(20, { message: `at most 20 ${what}` })
    .transform((list) => [...new Set(list)]);

const scopeList = z
  .array(z.enum(idpScopes, { message: `a scope is one of ${idpScopes.join(', ')}` }), { message: 'scopes must be a list' })
  .min(1, { message: 'allow at least one scope' })
  .transform((list) => idpScopes.filter((scope) => list.includes(scope)));

const clientName = z
  .string({ message: 'clientName is required' })
  .trim()
  .min(1, { message: 'clientName is required' })
  .max(100, { message: 'clientName must be at most 100 characters' });

/** What the console shows of a connected app: never its secret (only the last characters). */
export const connectedAppSchema = z
  .object({
    clientId: z.string(),
    clientName: z.string(),
    clientType: z.enum(idpClientTypes),
    clientAuth: z.enum(idpClientAuths),
    redirectUris: z.array(z.string()),
    postLogoutRedirectUris: z.array(z.string()),
    scopes: z.array(z.enum(idpScopes)),
    clientSecretHint: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ConnectedApp' });
export type ConnectedApp = z.output<typeof connectedAppSchema>;

/** The project's identity provider: its issuer, discovery document and the developer's authorization page. */
export const identityProviderSchema = z
  .object({
    issuer: z.string(),
    discoveryUrl: z.string(),
    /** The developer's page that mounts the widget in IdP-consent mode (the discovery's authorization_endpoint). */
    authorizationUrl: z.string().nullable(),
  })
  .meta({ id: 'IdentityProvider' });

export const connectedAppsResponse = z.object({ identityProvider: identityProviderSchema, apps: z.array(connectedAppSchema) });

export const connectedAppCreateBody = z
  .object({
    clientName,
    clientType: z.enum(idpClientTypes, { message: 'clientType must be first_party or third_party' }),
    clientAuth: z.enum(idpClientAuths, { message: 'clientAuth must be public or confidential' }),
    redirectUris: urlList('redirect URIs', 1),
    postLogoutRedirectUris: urlList('post-logout redirect URIs', 0).default([]),
    scopes: scopeList.default(defaultIdpScopes),
  })
  .strict();
export type ConnectedAppCreateInput = z.input<typeof connectedAppCreateBody>;

/** The creation answer: a confidential app's secret is in it, and never shown again. */
export const connectedAppCreateResponse = z.object({ app: connectedAppSchema, clientSecret: z.string().nullable() });

export const connectedAppUpdateBody = z
  .object({
    clientName: clientName.optional(),
    clientType: z.enum(idpClientTypes, { message: 'clientType must be first_party or third_party' }).optional(),
    redirectUris: urlList('redirect URIs', 1).optional(),
    postLogoutRedirectUris: urlList('post-logout redirect URIs', 0).optional(),
    scopes: scopeList.optional(),
  })
  .strict();
export type ConnectedAppUpdateInput = z.input<typeof connectedAppUpdateBody>;

export const connectedAppDeleteResponse = z.object({ deleted: z.literal(true) });

export const identityProviderBody = z.object({ authorizationUrl: idpUrlSchema.nullable() }).strict();
