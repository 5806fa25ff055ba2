import type { ApiKeyScope } from '@keepsake/wire/console/projects';
import type { TestServer } from './harness.ts';

export type ProjectWithKeys = {
  projectId: string;
  publicToken: string;
  ownerEmail: string;
  /** The owner's console user id (a platform auth user). */
  ownerUserId: string;
  /** An API key secret holding every scope. */
  apiKey: string;
  /** Makes another API key secret holding only `scopes`. */
  keyWith(scopes: ApiKeyScope[]): Promise<string>;
};

/** A customer project, its owner and an all-scopes staging API key, made through the services. */
export async function createProjectWithKeys(server: TestServer, name = 'Project'): Promise<ProjectWithKeys> {
  const ownerEmail = `owner.${crypto.randomUUID()}@example.com`;
  const project = await server.services.projects.operatorCreateProject(ownerEmail, name);
  const { userId } = await server.services.identity.getOrCreatePlatformUser(ownerEmail);
  return {
    projectId: project.projectId,
    publicToken: project.publicToken,
    ownerEmail,
    ownerUserId: userId,
    apiKey: project.apiKey,
    async keyWith(scopes) {
      const created = await server.services.projects.createApiKey(project.projectId, userId, {
        name: scopes.join(' ') || 'none',
        environment: 'staging',
        scopes,
      });
      return created.secret;
    },
  };
}
