import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { Project } from '../types/project';

export async function getProject(projectId: string, signal?: AbortSignal): Promise<Project> {
  const { project } = await apiFetch<{ project: Project }>('/api/console/projects', { query: { projectId }, signal });
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
