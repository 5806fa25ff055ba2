import { queryOptions, useQuery } from '@tanstack/react-query';
import type { projectListResponse } from '@keepsake/wire/console/projects';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import type { Project } from '../types/project';

export const projectsQueryKey = ['console', 'projects'] as const;

export async function getProjects(signal?: AbortSignal): Promise<Project[]> {
  const { projects } = await apiFetch<z.infer<typeof projectListResponse>>('/api/console/projects', { signal });
  return projects;
}

export function projectsQueryOptions() {
  return queryOptions({ queryKey: projectsQueryKey, queryFn: ({ signal }) => getProjects(signal) });
}

export function useProjects() {
  return useQuery(projectsQueryOptions());
}
