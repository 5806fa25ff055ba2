import type { ProjectRole } from '@keepsake/wire/console/projects';

/** Owners and admins manage members and API keys (project roles: `projectRoles` of @keepsake/wire/console/projects). */
export function canManageProject(role: ProjectRole | null | undefined): boolean {
  return role === 'owner' || role === 'admin';
}

/** Only owners change another member to or from owner. */
export function canAssignRole(actor: ProjectRole | null | undefined, from: ProjectRole | null, to: ProjectRole): boolean {
  if (!canManageProject(actor)) return false;
  if (actor === 'owner') return true;
  return from !== 'owner' && to !== 'owner';
}
