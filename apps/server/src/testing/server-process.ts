// The server as a real child process, the way `npm start` runs it (for tests of start-up, signals and crashes).
import { spawn, type ChildProcess } from 'node:child_process';
import { describeLoggedError, parseLoggedError } from './error-log.ts';

const serverEntry = new URL('../main.ts', import.meta.url).pathname;
export const nodeArgs = ['--experimental-strip-types', '--disable-warning=ExperimentalWarning'];

export type StartedServer = {
  child: ChildProcess;
  url: string;
  output: () => string;
  /** The error-level lines of its log so far, one line each (`error: message (Error: …)`), for a test to judge. */
  errorLogs: () => string[];
  exited: Promise<number | null>;
};

/** Environment for a child: nothing from ours that points Keepsake elsewhere. */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(KEEPSAKE_|DATABASE_|SMTP_|CHAIN_|PUBLIC_URL$|PORT$|HOST$|NODE_ENV$|LOG_LEVEL$|LOG_FORMAT$)/.test(key)) env[key] = value;
  }
  return { ...env, ...extra };
}

/** Spawns the server and resolves once its banner shows the URL (rejects if it exits first or takes `readyMs`, 30 s). */
export function startServerProcess(env: Record<string, string>, readyMs = 30_000): Promise<StartedServer> {
  const child = spawn(process.execPath, [...nodeArgs, serverEntry], { env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    // A server that is not ready in time is stopped: the test that gave up on it cannot, and it would run on.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server not ready in ${readyMs / 1000} s:\n${output}`));
    }, readyMs);
    const check = () => {
      const url = /App:\s+(http\S+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        const errorLogs = () =>
          output
            .split('\n')
            .map(parseLoggedError)
            .flatMap((entry) => (entry ? [describeLoggedError(entry)] : []));
        resolve({ child, url, output: () => output, errorLogs, exited });
      }
    };
    child.stdout.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before it was ready:\n${output}`));
    });
  });
}

/** The environment the process tests give a server: its own data dir, free ports, info logs, and PostgreSQL when asked. */
export function serverProcessEnv(dataDir: string, databaseUrl: string | undefined): Record<string, string> {
  return {
    KEEPSAKE_DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    // JSON lines: errorLogs() reads the error entries from them.
    LOG_FORMAT: 'json',
    KEEPSAKE_DEVNET_PORT: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
}
