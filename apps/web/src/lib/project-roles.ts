/** Project roles (console API). Owners and admins manage members and API keys. */
export const PROJECT_ROLES = ['owner', 'admin', 'developer'] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];

export function canManageProject(role: ProjectRole | null | undefined): boolean {
  return role === 'owner' || role === 'admin';
}

/** Only owners change another member to or from owner. */
export function canAssignRole(actor: ProjectRole | null | undefined, from: ProjectRole | null, to: ProjectRole): boolean {
  if (!canManageProject(actor)) return false;
  if (actor === 'owner') return true;
  return from !== 'owner' && to !== 'owner';
}
