import { readFileSync } from 'node:fs';
import pino from 'pino';
import { createServices } from '../app.ts';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { boot } from '../platform/boot.ts';
import { DataDirLockedError, operatorSecretPath, readLock } from '../platform/data-dir.ts';
import { parseCommand, UsageError } from './args.ts';
import { runDeveloperCommand } from './developer.ts';
import { usageFor } from './usage.ts';

type ProjectCreated = { projectId: string; publicToken: string; apiKey: string };
type ProjectUpdated = { projectId: string; allowedOrigins: string[] };
type Command = Extract<ReturnType<typeof parseCommand>, { kind: 'project-create' | 'project-update' }>;

/** Asks the running server, which holds the embedded database, to run the command. */
async function runThroughServer(url: string, config: Config, command: Command): Promise<ProjectCreated | ProjectUpdated> {
  const secret = readFileSync(operatorSecretPath(config.dataDir), 'utf8').trim();
  const [method, path, body, expected] =
    command.kind === 'project-create'
      ? (['POST', '/api/operator/projects', { ownerEmail: command.owner, name: command.name, allowedOrigins: command.allowedOrigins }, 201] as const)
      : (['PATCH', `/api/operator/projects/${command.id}`, { allowedOrigins: command.allowedOrigins }, 200] as const);
  const send = () =>
    fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  // The server may hold the lock but still be starting: wait for it to listen (up to ~10 s).
  let response: Response | undefined;
  for (let attempt = 0; !response; attempt++) {
    try {
      response = await send();
    } catch (error) {
      if (attempt >= 20) throw new Error(`The server at ${url} holds the data directory but does not answer: ${(error as Error).message}`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  const answer = (await response.json()) as (ProjectCreated | ProjectUpdated) & { error_message?: string };
  if (response.status !== expected) throw new Error(`The server refused: ${answer.error_message ?? response.status}`);
  return answer;
}

/** Opens the database itself (no server holds it) and runs the command. */
async function runDirectly(config: Config, command: Command): Promise<ProjectCreated | ProjectUpdated> {
  const booted = await boot(config, pino({ level: 'warn' }, pino.destination(2)), { jobs: false });
  try {
    const services = createServices(booted.ctx);
    await services.projects.ensurePlatformProject();
    if (command.kind === 'project-update') return await services.projects.operatorUpdateProject(command.id, { allowedOrigins: command.allowedOrigins });
    return await services.projects.operatorCreateProject(command.owner, command.name, command.allowedOrigins);
  } finally {
    await booted.shutdown();
  }
}

async function main(argv: string[]): Promise<number> {
  const command = parseCommand(argv);
  if (command.kind === 'help') {
    process.stdout.write(usageFor(command.topic) + '\n');
    return 0;
  }
  if (command.kind !== 'project-create' && command.kind !== 'project-update') return runDeveloperCommand(command, process.stdout, process.stderr);
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  const holder = config.database.kind === 'pglite' ? readLock(config.dataDir) : undefined;
  const result = holder ? await runThroughServer(holder.url, config, command) : await runDirectly(config, command);
  process.stdout.write(JSON.stringify(result) + '\n');
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) process.stderr.write(`${error.message}\n\n${usageFor(error.topic)}\n`);
    else if (error instanceof ConfigError || error instanceof DataDirLockedError) process.stderr.write(`${error.message}\n`);
    else process.stderr.write(`keepsake: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
