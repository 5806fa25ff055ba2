import { readFileSync } from 'node:fs';
import pino from 'pino';
import { createServices } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { boot } from '../platform/boot.ts';
import { operatorSecretPath, readLock } from '../platform/data-dir.ts';
import type { Command as AnyCommand } from './args.ts';

// The operator commands (`project create|update`): they open the server's database, or ask the server holding it.
// Loaded only for them, so that a developer command does not load the server.

type ProjectCreated = { projectId: string; publicToken: string; apiKey: string };
type ProjectUpdated = { projectId: string; allowedOrigins: string[] };
export type OperatorCommand = Extract<AnyCommand, { kind: 'project-create' | 'project-update' }>;
type Command = OperatorCommand;

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

/** Runs an operator command and prints its JSON answer. */
export async function runOperatorCommand(command: Command): Promise<number> {
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  const holder = config.database.kind === 'pglite' ? readLock(config.dataDir) : undefined;
  const result = holder ? await runThroughServer(holder.url, config, command) : await runDirectly(config, command);
  process.stdout.write(JSON.stringify(result) + '\n');
  return 0;
}
