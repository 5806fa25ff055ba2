import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectNameBody, type projectNameSchema as wireProjectName } from '@keepsake/wire/console/project-name';
import type { projectResponse } from '@keepsake/wire/console/projects';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import type { Project } from '../types/project';
import { projectsQueryKey } from './get-projects';

/** The create and rename forms: the server's own schema (1–64 characters, not only spaces; its messages). */
export const projectNameFormSchema = projectNameBody;
export type ProjectNameInput = z.input<typeof projectNameBody>;

export async function createProject(input: { name: z.output<typeof wireProjectName> }): Promise<Project> {
  const { project } = await apiFetch<z.infer<typeof projectResponse>>('/api/console/projects', { method: 'POST', body: input });
  return project;
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: (project) => {
      queryClient.setQueryData<Project[]>(projectsQueryKey, (projects) => [...(projects ?? []), project]);
      void queryClient.invalidateQueries({ queryKey: projectsQueryKey });
    },
  });
}
