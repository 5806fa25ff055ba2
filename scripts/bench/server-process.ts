// Starts `npm start` (or the server entry) as its own process on a free port with its own data directory,
// and waits until GET /api/health answers 200. Used by the benchmarks, which measure real processes.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomFreePort } from '../free-port.ts';

export type ServerProcess = { url: string; child: ChildProcess; readyMs: number; output(): string; stop(): Promise<void> };

/** Environment for a child Keepsake: ours minus anything that points it at another database, port or mailer. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(KEEPSAKE_|DATABASE_|SMTP_|PUBLIC_URL$|PORT$|HOST$|NODE_ENV$|LOG_LEVEL$|LOG_FORMAT$)/.test(key)) env[key] = value;
  }
  return { ...env, ...extra };
}

/**
 * Runs `npm start` with `env` and resolves once health answers, with the time that took.
 * @example
 * const server = await startKeepsake({ KEEPSAKE_DATA_DIR: dir });
 * await server.stop();
 */
export async function startKeepsake(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const port = await randomFreePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: new URL('../../', import.meta.url).pathname,
    env: cleanEnv({ PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, LOG_LEVEL: 'warn', LOG_FORMAT: 'json', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group: stop() signals npm and the server together
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      return; // already gone
    }
    await exited;
  };
  while (performance.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`Keepsake exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1_000) });
      if (response.status === 200) return { url, child, readyMs: performance.now() - started, output: () => output, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await stop();
  throw new Error(`Keepsake was not healthy within ${timeoutMs} ms:\n${output}`);
}
