import { queryOptions, useQuery } from '@tanstack/react-query';
import type { projectResponse, projectsQuery } from '@keepsake/wire/console/projects';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import type { Project } from '../types/project';

export async function getProject(projectId: string, signal?: AbortSignal): Promise<Project> {
  const { project } = await apiFetch<z.infer<typeof projectResponse>>('/api/console/projects', {
    query: { projectId } satisfies z.input<typeof projectsQuery>,
    signal,
  });
  return project;
}

export function projectQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: ['console', 'projects', projectId],
    queryFn: ({ signal }) => getProject(projectId, signal),
    // The details page explains a 404 itself.
    meta: { toast: false },
  });
}

export function useProject(projectId: string) {
  return useQuery(projectQueryOptions(projectId));
}
