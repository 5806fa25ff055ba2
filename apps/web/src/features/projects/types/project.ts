import type { ProjectRole } from '../../../lib/project-roles';

export type Project = {
  id: string;
  name: string;
  role: ProjectRole;
  publicToken: string;
  createdAt: string;
};
