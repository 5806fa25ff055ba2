// The platform project's sign-in methods (ADR 104), set through the admin API as the integration tests of the product
// app's sign-in do.
import { expect } from 'vitest';
import type { TestServer } from './harness.ts';

/** Sets `signInMethods.enabled` of the platform project, as the administrator whose cookie is given. */
export async function enablePlatformSignInMethods(server: TestServer, adminCookie: string, methods: string[]): Promise<void> {
  const res = await server.request('/api/admin/platform/auth-config', {
    method: 'PATCH',
    cookie: adminCookie,
    body: { authConfig: { signInMethods: { enabled: methods } } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
