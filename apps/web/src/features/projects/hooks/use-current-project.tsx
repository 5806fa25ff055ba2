import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useProjects } from '../api/get-projects';
import type { Project } from '../types/project';

/** Where the console remembers the selected project. */
export const PROJECT_STORAGE_KEY = 'keepsake.projectId';

function readStoredProjectId(): string | null {
  try {
    return window.localStorage.getItem(PROJECT_STORAGE_KEY);
  } catch {
    return null;
  }
}

function storeProjectId(projectId: string): void {
  try {
    window.localStorage.setItem(PROJECT_STORAGE_KEY, projectId);
  } catch {
    // Storage can be unavailable (private mode); the choice then lasts this page only.
  }
}

/** The stored project when it is still one of `projects`, else the first one. */
export function pickCurrentProject(projects: readonly Project[], storedId: string | null): Project | null {
  return projects.find((project) => project.id === storedId) ?? projects[0] ?? null;
}

type CurrentProjectValue = {
  projects: Project[];
  /** null when the user has no project (or the list has not loaded). */
  project: Project | null;
  isPending: boolean;
  error: Error | null;
  setProjectId: (projectId: string) => void;
};

const CurrentProjectContext = createContext<CurrentProjectValue | null>(null);

export function CurrentProjectProvider({ children }: { children: ReactNode }) {
  const query = useProjects();
  const [selectedId, setSelectedId] = useState<string | null>(readStoredProjectId);
  const setProjectId = useCallback((projectId: string) => {
    setSelectedId(projectId);
    storeProjectId(projectId);
  }, []);

  const value = useMemo<CurrentProjectValue>(() => {
    const projects = query.data ?? [];
    return {
      projects,
      project: pickCurrentProject(projects, selectedId),
      isPending: query.isPending,
      error: query.error,
      setProjectId,
    };
  }, [query.data, query.isPending, query.error, selectedId, setProjectId]);

  return <CurrentProjectContext.Provider value={value}>{children}</CurrentProjectContext.Provider>;
}

export function useCurrentProject(): CurrentProjectValue {
  const context = useContext(CurrentProjectContext);
  if (!context) throw new Error('useCurrentProject can only be used inside <CurrentProjectProvider>');
  return context;
}
