import type { z } from 'zod';
import type { projectListResponse, projectSchema } from '@keepsake/wire/console/projects';
import { CliError, type ConsoleApi } from './api.ts';

export type Project = z.infer<typeof projectSchema>;

export async function listProjects(api: ConsoleApi): Promise<Project[]> {
  return (await api.get<z.infer<typeof projectListResponse>>('/api/console/projects')).projects;
}

/**
 * The project a command works in: `--project <id>` (or `$KEEPSAKE_PROJECT`, read by the argument parser), else
 * the developer's only project. @throws CliError when there is no such project or the choice is ambiguous.
 */
export async function chooseProject(api: ConsoleApi, given: string | undefined): Promise<Project> {
  const projects = await listProjects(api);
  if (given) {
    const found = projects.find((p) => p.id === given);
    if (!found) throw new CliError(`You are not a member of a project ${given}. See your projects: npm run keepsake -- projects list`);
    return found;
  }
  if (projects.length === 1) return projects[0]!;
  if (projects.length === 0) throw new CliError('You are not a member of any project yet. Create one in the console first.');
  throw new CliError(
    `You are a member of ${projects.length} projects: choose one with --project <id> (or set KEEPSAKE_PROJECT).\n` +
      projects.map((p) => `  ${p.id}  ${p.name}  (${p.role})`).join('\n'),
  );
}
