import type { z } from 'zod';
import type { apiKeyListResponse, apiKeyResponse, createApiKeyBody, createdApiKeyResponse } from '@keepsake/wire/console/projects';
import { consoleApi } from './api.ts';
import type { Out } from './login.ts';
import { chooseProject } from './project.ts';

export type KeysCommand =
  | { kind: 'keys-list'; project: string | undefined; json: boolean }
  | { kind: 'keys-create'; project: string | undefined; key: z.input<typeof createApiKeyBody>; json: boolean }
  | { kind: 'keys-revoke'; project: string | undefined; keyId: string; json: boolean };

type ApiKey = z.infer<typeof apiKeyResponse>['apiKey'];

const keysPath = (projectId: string) => `/api/console/projects/${encodeURIComponent(projectId)}/apiKeys`;
const describe = (key: ApiKey) => `${key.id}  ${key.name}  ${key.type} ${key.environment}  ${key.prefix}…  ${key.scopes.join(',')}`;

/** `keys list|create|revoke`: the console's API key calls, as the developer (owners and admins change keys). */
export async function runKeysCommand(command: KeysCommand, out: Out): Promise<number> {
  const api = consoleApi();
  const project = await chooseProject(api, command.project);
  switch (command.kind) {
    case 'keys-list': {
      const { apiKeys } = await api.get<z.infer<typeof apiKeyListResponse>>(keysPath(project.id));
      if (command.json) out.write(JSON.stringify(apiKeys) + '\n');
      else if (apiKeys.length === 0) out.write(`No API keys in ${project.name}.\n`);
      else for (const key of apiKeys) out.write(`${describe(key)}${key.revokedAt ? '  (revoked)' : ''}\n`);
      return 0;
    }
    case 'keys-create': {
      const created = await api.post<z.infer<typeof createdApiKeyResponse>>(keysPath(project.id), command.key);
      if (command.json) {
        out.write(JSON.stringify({ projectId: project.id, ...created }) + '\n');
        return 0;
      }
      const key = created.apiKey;
      out.write(
        `Created the ${key.type} ${key.environment} API key "${key.name}" (${key.id}) in ${project.name}.\n` +
          `Scopes: ${key.scopes.join(', ')}\n\n` +
          `Its secret is shown only this once. Store it now:\n\n  ${created.secret}\n`,
      );
      return 0;
    }
    case 'keys-revoke': {
      const { apiKey } = await api.delete<z.infer<typeof apiKeyResponse>>(`${keysPath(project.id)}?keyId=${encodeURIComponent(command.keyId)}`);
      out.write(command.json ? JSON.stringify(apiKey) + '\n' : `Revoked the API key "${apiKey.name}" (${apiKey.id}) in ${project.name}.\n`);
      return 0;
    }
  }
}
