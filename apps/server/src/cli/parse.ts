import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import type { z } from 'zod';

/** Bad command-line input: main.ts prints the message and the usage of `topic` (or all of it), and exits 2. */
export class UsageError extends Error {
  override name = 'UsageError';
  readonly topic: string | undefined;
  constructor(message: string, topic?: string) {
    super(message);
    this.topic = topic;
  }
}

/** Parses `args` strictly (unknown options are errors) and returns the values and the positionals. */
export function parseOptions<T extends ParseArgsOptionsConfig>(args: string[], options: T, topic?: string, positionals = 0) {
  let parsed;
  try {
    parsed = parseArgs({ args, options, strict: true, allowPositionals: positionals > 0 });
  } catch (error) {
    throw new UsageError((error as Error).message, topic);
  }
  if (parsed.positionals.length > positionals) throw new UsageError(`Unexpected argument: ${parsed.positionals[positionals]}`, topic);
  return { values: parsed.values, positionals: parsed.positionals };
}

/** Checks `values` against the wire's schema; each problem is reported against its option (`flags` maps fields to options). */
export function validate<T extends z.ZodType>(schema: T, values: unknown, flags: Record<string, string> = {}, topic?: string): z.output<T> {
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    throw new UsageError(
      parsed.error.issues
        .map((i) => {
          const path = i.path.join('.');
          return `--${flags[path] ?? flags[String(i.path[0])] ?? (path || 'input')}: ${i.message}`;
        })
        .join('\n'),
      topic,
    );
  }
  return parsed.data;
}
