import { vi } from 'vitest';

type Level = 'error' | 'warn';
type Matcher = string | RegExp;

const allowed: Record<Level, Matcher[]> = { error: [], warn: [] };
const unexpected: string[] = [];

function describeArgs(args: unknown[]): string {
  return args.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg))).join(' ');
}

function isAllowed(level: Level, text: string): boolean {
  return allowed[level].some((matcher) => (typeof matcher === 'string' ? text.includes(matcher) : matcher.test(text)));
}

/**
 * Lets the current test log a `console.error`/`console.warn` whose text matches.
 * Anything else logged at those levels fails the test (see `setup.ts`).
 */
export function allowConsole(level: Level, matcher: Matcher): void {
  allowed[level].push(matcher);
}

/** Replaces console.error/warn with spies that record unexpected calls. */
export function watchConsole(): void {
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      const text = describeArgs(args);
      if (!isAllowed(level, text)) unexpected.push(`console.${level}: ${text}`);
    });
  }
}

/** Clears the allow-list and returns what was logged without being allowed. */
export function takeUnexpectedConsoleCalls(): string[] {
  allowed.error = [];
  allowed.warn = [];
  return unexpected.splice(0);
}
