import { randomUUID } from 'node:crypto';
import type { ConnectedApp, IdpScope } from '@keepsake/wire/console/connected-apps';
import type { AppContext } from '../../context.ts';
import { randomToken, sha256Hex } from '../../platform/secrets.ts';
import { OidcClientNotFoundError } from './errors.ts';
import * as store from './store.ts';

type ClientType = ConnectedApp['clientType'];

export type ConnectedAppInput = {
  clientName: string;
  clientType: ClientType;
  clientAuth: ConnectedApp['clientAuth'];
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  scopes: IdpScope[];
};

export type ConnectedAppChanges = Partial<Omit<ConnectedAppInput, 'clientAuth'>>;

/** The console's view of a connected app: never the secret, only its last characters. */
export function presentClient(row: store.IdpClientRow): ConnectedApp {
  return {
    clientId: row.clientId,
    clientName: row.clientName,
    clientType: row.clientType as ClientType,
    clientAuth: row.clientAuth as ConnectedApp['clientAuth'],
    redirectUris: row.redirectUris,
    postLogoutRedirectUris: row.postLogoutRedirectUris,
    scopes: row.scopes as IdpScope[],
    clientSecretHint: row.clientSecretHint,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A project's connected apps (ADR 115): created, changed and removed from the console. */
export function createConnectedApps(ctx: AppContext) {
  const issuerOf = (projectId: string) => `${ctx.config.publicUrl}/v1/public/${projectId}`;
  return {
    issuerOf,
    async identityProvider(projectId: string) {
      const issuer = issuerOf(projectId);
      return {
        issuer,
        discoveryUrl: `${issuer}/.well-known/openid-configuration`,
        authorizationUrl: await store.findAuthorizationUrl(ctx.db, projectId),
      };
    },
    async setAuthorizationUrl(projectId: string, authorizationUrl: string | null) {
      await store.saveAuthorizationUrl(ctx.db, projectId, authorizationUrl);
      return this.identityProvider(projectId);
    },
    async list(projectId: string): Promise<ConnectedApp[]> {
      return (await store.listClients(ctx.db, projectId)).map(presentClient);
    },
    /** A confidential app gets a secret, answered here once and stored as its SHA-256. */
    async create(projectId: string, input: ConnectedAppInput): Promise<{ app: ConnectedApp; clientSecret: string | null }> {
      const clientSecret = input.clientAuth === 'confidential' ? `connected-app-secret-${randomToken(32)}` : null;
      const row = await store.insertClient(ctx.db, {
        id: randomUUID(),
        projectId,
        clientId: `connected-app-${randomUUID()}`,
        clientName: input.clientName,
        clientType: input.clientType,
        clientAuth: input.clientAuth,
        clientSecretHash: clientSecret ? sha256Hex(clientSecret) : null,
        clientSecretHint: clientSecret ? clientSecret.slice(-4) : null,
        redirectUris: input.redirectUris,
        postLogoutRedirectUris: input.postLogoutRedirectUris,
        scopes: input.scopes,
      });
      return { app: presentClient(row), clientSecret };
    },
    /** @throws OidcClientNotFoundError */
    async update(projectId: string, clientId: string, changes: ConnectedAppChanges): Promise<ConnectedApp> {
      const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      const row =
        Object.keys(defined).length === 0
          ? await store.findClient(ctx.db, projectId, clientId)
          : await store.updateClient(ctx.db, projectId, clientId, defined);
      if (!row) throw new OidcClientNotFoundError();
      return presentClient(row);
    },
    /** @throws OidcClientNotFoundError */
    async remove(projectId: string, clientId: string): Promise<void> {
      if (!(await store.deleteClient(ctx.db, projectId, clientId))) throw new OidcClientNotFoundError();
    },
  };
}

export type ConnectedApps = ReturnType<typeof createConnectedApps>;
