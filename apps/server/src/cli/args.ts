import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { z } from 'zod';
import { emailSchema, uuidSchema } from '@keepsake/wire/common';
import { allowedOriginsSchema } from '@keepsake/wire/console/auth-config';
import { projectNameSchema } from '@keepsake/wire/console/projects';

export const usage = `Usage: npm run keepsake -- <command>

Commands:
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
