import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/** What `keepsake login` keeps (ADR 114): the server it signed in to and the CLI token. */
export type Credentials = { url: string; token: string; tokenId: string; createdAt: string };

/** `$XDG_CONFIG_HOME/keepsake/credentials.json`, else `~/.config/keepsake/credentials.json`. */
export function credentialsPath(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.startsWith('/') ? env.XDG_CONFIG_HOME : join(homedir(), '.config');
  return join(base, 'keepsake', 'credentials.json');
}

/** Written 0600 in a 0700 directory: only the developer may read the token. */
export function saveCredentials(credentials: Credentials, path = credentialsPath()): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  writeFileSync(path, JSON.stringify(credentials, null, 2) + '\n', { mode: 0o600 });
  chmodSync(path, 0o600);
}

export function readCredentials(path = credentialsPath()): Credentials | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Credentials;
  } catch {
    return undefined;
  }
}

export function deleteCredentials(path = credentialsPath()): void {
  rmSync(path, { force: true });
}
