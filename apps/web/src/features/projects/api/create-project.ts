import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import type { Project } from '../types/project';
import { projectsQueryKey } from './get-projects';

/** 1–64 characters, not only spaces. `message` is shown for a blank name. */
export function projectNameSchema(emptyMessage: string, tooLongMessage: string) {
  return z.object({
    name: z.string().trim().min(1, emptyMessage).max(64, tooLongMessage),
  });
}
export type ProjectNameInput = z.input<ReturnType<typeof projectNameSchema>>;

export async function createProject(input: { name: string }): Promise<Project> {
  const { project } = await apiFetch<{ project: Project }>('/api/console/projects', { method: 'POST', body: input });
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
