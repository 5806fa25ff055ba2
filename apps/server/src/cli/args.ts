import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { z } from 'zod';
import { emailSchema, uuidSchema } from '@keepsake/wire/common';
import { allowedOriginsSchema } from '@keepsake/wire/console/auth-config';
import { projectNameSchema } from '@keepsake/wire/console/projects';
import type { DeveloperCommand } from './developer.ts';

export const usage = `Usage: npm run keepsake -- <command>

Developer commands (sign in once; docs/cli.md):
  login [--no-browser] [--url <server>]
      Signs you in: opens the browser (or, with --no-browser, prints a code to approve at
      /console/authorize-device). The CLI token is stored 0600 in ~/.config/keepsake/credentials.json.
      --url defaults to $KEEPSAKE_URL or http://localhost:3000.
  logout
      Revokes the CLI token and deletes the credentials file.
  projects list
      Your projects and your role in each.
  Add --json to any developer command for JSON output.

Operator commands:
  project create --owner <email> --name <name> [--allowed-origin <origin>]...
      Creates a project owned by <email> (their console account is created if needed) and an
      all-scopes staging API key. Prints {"projectId","publicToken","apiKey"} as JSON.
      Each --allowed-origin (https://app.example.com) may call the project's /sdk/v1 from a browser.
  project update --id <projectId> (--allowed-origin <origin>... | --no-allowed-origins)
      Replaces the project's allowed origins. Prints {"projectId","allowedOrigins"} as JSON.
  help
      Shows this text.

The CLI reads the same environment as the server (DATABASE_URL, KEEPSAKE_DATA_DIR, …).
While a server holds the embedded database, the CLI asks that server instead of opening it.`;

export class UsageError extends Error {
  override name = 'UsageError';
}

export type Command =
  | { kind: 'help' }
  | DeveloperCommand
  | { kind: 'project-create'; owner: string; name: string; allowedOrigins: string[] }
  | { kind: 'project-update'; id: string; allowedOrigins: string[] };

function parseOptions<T extends ParseArgsOptionsConfig>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function validate<T extends z.ZodType>(schema: T, values: unknown, flags: Record<string, string> = {}): z.infer<T> {
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    throw new UsageError(parsed.error.issues.map((i) => `--${flags[String(i.path[0])] ?? i.path.join('.')}: ${i.message}`).join('\n'));
  }
  return parsed.data;
}

/** Parses argv (without node and script). @throws UsageError with a message for the user. */
export function parseCommand(argv: string[]): Command {
  const [group, action, ...rest] = argv;
  if (!group || group === 'help' || group === '--help' || group === '-h') return { kind: 'help' };
  if (group === 'login') {
    const values = parseOptions(
      [action, ...rest].filter((a) => a !== undefined),
      { 'no-browser': { type: 'boolean' }, url: { type: 'string' }, json: { type: 'boolean' } },
    );
    const url = validate(z.object({ url: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }) }), {
      url: values.url ?? process.env.KEEPSAKE_URL ?? 'http://localhost:3000',
    }).url;
    return { kind: 'login', url, browser: !values['no-browser'], json: values.json === true };
  }
  if (group === 'logout') {
    const values = parseOptions(
      [action, ...rest].filter((a) => a !== undefined),
      { json: { type: 'boolean' } },
    );
    return { kind: 'logout', json: values.json === true };
  }
  if (group === 'projects' && action === 'list') {
    return { kind: 'projects-list', json: parseOptions(rest, { json: { type: 'boolean' } }).json === true };
  }
  if (group === 'project' && action === 'create') {
    const values = parseOptions(rest, { owner: { type: 'string' }, name: { type: 'string' }, 'allowed-origin': { type: 'string', multiple: true } });
    const parsed = validate(
      z.object({ owner: emailSchema, name: projectNameSchema, allowedOrigins: allowedOriginsSchema }),
      { owner: values.owner, name: values.name, allowedOrigins: values['allowed-origin'] ?? [] },
      { allowedOrigins: 'allowed-origin' },
    );
    return { kind: 'project-create', ...parsed };
  }
  if (group === 'project' && action === 'update') {
    const values = parseOptions(rest, {
      id: { type: 'string' },
      'allowed-origin': { type: 'string', multiple: true },
      'no-allowed-origins': { type: 'boolean' },
    });
    const origins = values['allowed-origin'];
    if (!origins === !values['no-allowed-origins']) throw new UsageError('Give --allowed-origin (repeatable) or --no-allowed-origins.');
    const parsed = validate(
      z.object({ id: uuidSchema, allowedOrigins: allowedOriginsSchema }),
      { id: values.id, allowedOrigins: origins ?? [] },
      { allowedOrigins: 'allowed-origin' },
    );
    return { kind: 'project-update', ...parsed };
  }
  throw new UsageError(`Unknown command: ${argv.join(' ')}`);
}
