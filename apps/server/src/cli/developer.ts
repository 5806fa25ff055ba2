import { call, consoleApi } from './api.ts';
import { runCollectionsCommand, type CollectionsCommand } from './collections.ts';
import { credentialsPath, deleteCredentials, readCredentials, saveCredentials } from './credentials.ts';
import { runKeysCommand, type KeysCommand } from './keys.ts';
import { browserLogin, deviceLogin, type Out } from './login.ts';
import { runMintCommand, type MintCommand } from './mint.ts';
import type { ProgressStream } from './progress.ts';
import { listProjects } from './project.ts';

/** The developer commands (ADR 114 and 120, docs/cli.md): they call a Keepsake server's console API with the CLI token. */
export type DeveloperCommand =
  | { kind: 'login'; url: string; browser: boolean; deviceName: string | undefined; json: boolean }
  | { kind: 'logout'; json: boolean }
  | { kind: 'projects-list'; json: boolean }
  | KeysCommand
  | CollectionsCommand
  | MintCommand;

/** Runs a developer command; answers the process's exit code. */
export async function runDeveloperCommand(command: DeveloperCommand, out: Out, progress: ProgressStream): Promise<number> {
  switch (command.kind) {
    case 'login': {
      const url = command.url.replace(/\/$/, '');
      const token = command.browser ? await browserLogin(url, command.deviceName, out) : await deviceLogin(url, command.deviceName, out);
      saveCredentials({ url, token: token.access_token, tokenId: token.token_id, createdAt: new Date().toISOString() });
      out.write(
        command.json
          ? JSON.stringify({ signedIn: true, url, credentials: credentialsPath() }) + '\n'
          : `Signed in to ${url}. The CLI token is stored in ${credentialsPath()}.\n`,
      );
      return 0;
    }
    case 'logout': {
      const credentials = readCredentials();
      if (credentials) {
        // Revoke server-side first; the file goes even when the server cannot be reached or the token was revoked.
        await call(credentials.url, `/api/console/account/cli-tokens/${credentials.tokenId}`, { method: 'DELETE', token: credentials.token }).catch(
          () => undefined,
        );
        deleteCredentials();
      }
      out.write(command.json ? JSON.stringify({ signedOut: true }) + '\n' : credentials ? 'Signed out; the CLI token was revoked.\n' : 'Not signed in.\n');
      return 0;
    }
    case 'projects-list': {
      const projects = await listProjects(consoleApi());
      if (command.json) out.write(JSON.stringify(projects) + '\n');
      else if (projects.length === 0) out.write('No projects.\n');
      else for (const project of projects) out.write(`${project.id}  ${project.name}  (${project.role})\n`);
      return 0;
    }
    case 'keys-list':
    case 'keys-create':
    case 'keys-revoke':
      return runKeysCommand(command, out);
    case 'collections-list':
    case 'collections-create':
      return runCollectionsCommand(command, out);
    case 'mint':
    case 'mint-csv':
      return runMintCommand(command, out, progress);
  }
}
