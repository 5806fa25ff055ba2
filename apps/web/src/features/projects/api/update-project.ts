import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { projectNameBody, projectResponse } from '@keepsake/wire/console/projects';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import type { Project } from '../types/project';
import { projectsQueryKey } from './get-projects';

export async function updateProject({ projectId, name }: { projectId: string; name: string }): Promise<Project> {
  const { project } = await apiFetch<z.infer<typeof projectResponse>>(`/api/console/projects/${encodeURIComponent(projectId)}`, {
    method: 'PATCH',
    body: { name } satisfies z.input<typeof projectNameBody>,
  });
  return project;
}

export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectsQueryKey }),
  });
}
