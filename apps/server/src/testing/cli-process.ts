// The developer CLI as a real child process (npm run keepsake), for tests that drive it against a test server.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { saveCredentials } from '../cli/credentials.ts';
import type { TestServer } from './harness.ts';
import { childEnv, nodeArgs } from './server-process.ts';

const cliEntry = new URL('../cli/main.ts', import.meta.url).pathname;

export type CliRun = { code: number | null; stdout: string; stderr: string };

/** A config directory of its own (`XDG_CONFIG_HOME`): one signed-in developer. */
export function cliConfigDir(): string {
  return mkdtempSync(join(tmpdir(), 'keepsake-cli-config-'));
}

/**
 * Starts the CLI; `onStdout` sees its output as it comes (to answer a prompt such as the device code). `BROWSER`
 * is `true` (the command), so a `login` that opens the browser starts none through xdg-open.
 */
export function spawnCli(args: string[], configDir: string, onStdout?: (soFar: string) => void): Promise<CliRun> {
  const child = spawn(process.execPath, [...nodeArgs, cliEntry, ...args], {
    env: childEnv({ XDG_CONFIG_HOME: configDir, BROWSER: 'true' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    onStdout?.(stdout);
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * A CLI token for the developer signed in with `cookie`, through the device grant over HTTP, written to a new
 * config directory as `keepsake login` would; returns the directory and the token.
 */
export async function signedInCliConfig(server: TestServer, cookie: string): Promise<{ configDir: string; token: string; tokenId: string }> {
  const started = await server.request('/api/cli/device/code', { method: 'POST', body: { client_id: 'keepsake-cli' } });
  const approved = await server.request('/api/console/cli/device/approve', { method: 'POST', cookie, body: { user_code: started.body.user_code } });
  if (approved.status !== 200) throw new Error(`approve: ${approved.status} ${JSON.stringify(approved.body)}`);
  const token = await server.request('/api/cli/token', {
    method: 'POST',
    body: { grant_type: 'urn:ietf:params:oauth:grant-type:device_code', client_id: 'keepsake-cli', device_code: started.body.device_code },
  });
  if (token.status !== 200) throw new Error(`token: ${token.status} ${JSON.stringify(token.body)}`);
  const configDir = cliConfigDir();
  saveCredentials(
    { url: server.url, token: token.body.access_token, tokenId: token.body.token_id, createdAt: new Date().toISOString() },
    join(configDir, 'keepsake', 'credentials.json'),
  );
  return { configDir, token: token.body.access_token, tokenId: token.body.token_id };
}
