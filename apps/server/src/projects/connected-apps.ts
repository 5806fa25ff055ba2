import type { ConnectedAppChanges, ConnectedAppInput, ConnectedApps } from '../identity/idp/clients.ts';
import { ProjectRoleError, type ProjectService } from './service.ts';

/**
 * The console's connected apps (ADR 115): any member reads them; owners and admins create, change and remove them
 * and set the project's authorization URL. Another project's apps are never reachable (404 for non-members).
 */
export function createConnectedAppsConsole(deps: { projects: ProjectService; apps: ConnectedApps }) {
  const { projects, apps } = deps;

  async function requireManager(projectId: string, userId: string) {
    const project = await projects.getProject(projectId, userId);
    if (project.role !== 'owner' && project.role !== 'admin') throw new ProjectRoleError('Only project owners and admins can do this.');
  }

  return {
    /** @throws ProjectNotFoundError */
    async list(projectId: string, userId: string) {
      await projects.getProject(projectId, userId);
      return { identityProvider: await apps.identityProvider(projectId), apps: await apps.list(projectId) };
    },
    /** @throws ProjectNotFoundError, ProjectRoleError */
    async create(projectId: string, userId: string, input: ConnectedAppInput) {
      await requireManager(projectId, userId);
      return apps.create(projectId, input);
    },
    /** @throws ProjectNotFoundError, ProjectRoleError, OidcClientNotFoundError */
    async update(projectId: string, userId: string, clientId: string, changes: ConnectedAppChanges) {
      await requireManager(projectId, userId);
      return apps.update(projectId, clientId, changes);
    },
    /** @throws ProjectNotFoundError, ProjectRoleError, OidcClientNotFoundError */
    async remove(projectId: string, userId: string, clientId: string) {
      await requireManager(projectId, userId);
      await apps.remove(projectId, clientId);
      return { deleted: true as const };
    },
    /** @throws ProjectNotFoundError, ProjectRoleError */
    async setAuthorizationUrl(projectId: string, userId: string, authorizationUrl: string | null) {
      await requireManager(projectId, userId);
      return apps.setAuthorizationUrl(projectId, authorizationUrl);
    },
  };
}

export type ConnectedAppsConsole = ReturnType<typeof createConnectedAppsConsole>;
