import type { ProjectRole } from '../../../lib/project-roles';

export type Member = { userId: string; email: string; role: ProjectRole; createdAt: string };
