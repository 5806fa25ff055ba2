import { parseCommand, UsageError } from './args.ts';
import { runDeveloperCommand } from './developer.ts';
import { usageFor } from './usage.ts';

async function main(argv: string[]): Promise<number> {
  const command = parseCommand(argv);
  if (command.kind === 'help') {
    process.stdout.write(usageFor(command.topic) + '\n');
    return 0;
  }
  if (command.kind !== 'project-create' && command.kind !== 'project-update') return runDeveloperCommand(command, process.stdout, process.stderr);
  const { runOperatorCommand } = await import('./operator.ts');
  return runOperatorCommand(command);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) process.stderr.write(`${error.message}\n\n${usageFor(error.topic)}\n`);
    else if (error instanceof Error && (error.name === 'ConfigError' || error.name === 'DataDirLockedError')) process.stderr.write(`${error.message}\n`);
    else process.stderr.write(`keepsake: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
