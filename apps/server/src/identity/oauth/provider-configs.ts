import { randomUUID } from 'node:crypto';
import type { OauthProvider } from '@keepsake/wire/sdk/oauth';
import type { AppContext } from '../../context.ts';
import { seal } from '../../platform/secrets.ts';
import { OauthConfigNotFoundError } from './errors.ts';
import * as store from './store.ts';

/** A project's client at a provider as the console sees it: never the secret, only that one is stored. */
export type OauthProviderConfigView = {
  providerType: string;
  clientId: string;
  customScopes: string[];
  enabled: boolean;
  clientSecretSet: true;
  updatedAt: string;
};

function view(row: store.OauthProviderRow): OauthProviderConfigView {
  return {
    providerType: row.providerType,
    clientId: row.clientId,
    customScopes: row.customScopes,
    enabled: row.enabled,
    clientSecretSet: true,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The projects' OAuth clients (docs/oauth.md): the secret is sealed when stored and never read back out here. */
export function createOauthProviderConfigs(ctx: AppContext) {
  return {
    async list(projectId: string): Promise<OauthProviderConfigView[]> {
      return (await store.listProviderConfigs(ctx.db, projectId)).map(view);
    },
    /**
     * Creates or changes the project's client at `provider`. Without `clientSecret` the stored secret stays.
     * @throws OauthConfigNotFoundError when no secret is given and none is stored.
     */
    async save(
      projectId: string,
      provider: OauthProvider,
      input: { clientId: string; clientSecret?: string | undefined; customScopes: string[]; enabled: boolean },
    ): Promise<OauthProviderConfigView> {
      const customScopes = [...new Set(input.customScopes)];
      if (input.clientSecret === undefined) {
        const row = await store.updateProviderConfig(ctx.db, projectId, provider, { clientId: input.clientId, customScopes, enabled: input.enabled });
        if (!row) throw new OauthConfigNotFoundError(provider);
        return view(row);
      }
      const row = await store.upsertProviderConfig(ctx.db, {
        id: randomUUID(),
        projectId,
        providerType: provider,
        clientId: input.clientId,
        sealedClientSecret: seal(ctx.keys.master, input.clientSecret),
        customScopes,
        enabled: input.enabled,
      });
      return view(row);
    },
    /** @throws OauthConfigNotFoundError when the project has no client there. */
    async remove(projectId: string, provider: OauthProvider): Promise<void> {
      if (!(await store.deleteProviderConfig(ctx.db, projectId, provider))) throw new OauthConfigNotFoundError(provider);
    },
  };
}

export type OauthProviderConfigs = ReturnType<typeof createOauthProviderConfigs>;
