import { z } from 'zod';
import { emailSchema, uuidSchema } from '@keepsake/wire/common';
import { allowedOriginsSchema } from '@keepsake/wire/console/auth-config';
import { projectNameSchema } from '@keepsake/wire/console/projects';
import { parseDeveloperCommand } from './developer-args.ts';
import type { DeveloperCommand } from './developer.ts';
import { parseOptions, UsageError, validate } from './parse.ts';

export { UsageError };

export type Command =
  | { kind: 'help'; topic?: string | undefined }
  | DeveloperCommand
  | { kind: 'project-create'; owner: string; name: string; allowedOrigins: string[] }
  | { kind: 'project-update'; id: string; allowedOrigins: string[] };

const isHelp = (arg: string | undefined) => arg === 'help' || arg === '--help' || arg === '-h';

/** Parses argv (without node and script). @throws UsageError with a message for the user. */
export function parseCommand(argv: string[]): Command {
  const [group, action, ...rest] = argv;
  if (!group || isHelp(group)) return { kind: 'help', topic: action };
  if (argv.slice(1).some(isHelp)) return { kind: 'help', topic: group };
  const developer = parseDeveloperCommand(group, action, rest);
  if (developer) return developer;
  if (group === 'project' && action === 'create') {
    const { values } = parseOptions(rest, { owner: { type: 'string' }, name: { type: 'string' }, 'allowed-origin': { type: 'string', multiple: true } });
    const parsed = validate(
      z.object({ owner: emailSchema, name: projectNameSchema, allowedOrigins: allowedOriginsSchema }),
      { owner: values.owner, name: values.name, allowedOrigins: values['allowed-origin'] ?? [] },
      { allowedOrigins: 'allowed-origin' },
    );
    return { kind: 'project-create', ...parsed };
  }
  if (group === 'project' && action === 'update') {
    const { values } = parseOptions(rest, {
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
