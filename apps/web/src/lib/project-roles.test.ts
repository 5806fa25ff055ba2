import { describe, expect, it } from 'vitest';
import { canAssignRole, canManageProject } from './project-roles';

describe('project roles', () => {
  it('lets owners and admins manage', () => {
    expect(canManageProject('owner')).toBe(true);
    expect(canManageProject('admin')).toBe(true);
    expect(canManageProject('developer')).toBe(false);
    expect(canManageProject(undefined)).toBe(false);
  });

  it('keeps the owner role to owners', () => {
    expect(canAssignRole('owner', 'developer', 'owner')).toBe(true);
    expect(canAssignRole('admin', 'developer', 'admin')).toBe(true);
    expect(canAssignRole('admin', 'developer', 'owner')).toBe(false);
    expect(canAssignRole('admin', 'owner', 'developer')).toBe(false);
    expect(canAssignRole('developer', 'developer', 'admin')).toBe(false);
  });
});
