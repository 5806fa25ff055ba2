// issue 10 (ADR 076): a project made by the console or the CLI lets a magic-link flow work out of the box. A test
// project that has set no default redirect URL sends its links to /authenticate on the app that asked (an origin
// the project admits), else on its first allowed origin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { basicAuth, expectSdkError, tokenFromMail } from '../testing/sdk.ts';

const APP = 'https://app.example.com';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

function sdk(publicToken: string, origin?: string) {
  const headers = (sessionToken?: string) => ({ authorization: basicAuth(publicToken, sessionToken), ...(origin ? { origin } : {}) });
  return (path: string, body: unknown) => server.request(`/sdk/v1${path}`, { method: 'POST', headers: headers(), body });
}

/** Sends `path` for `email` and answers the link of the email it caused. */
async function linkFor(send: ReturnType<typeof sdk>, path: string, email: string, type: string) {
  const before = server.smtp!.messagesTo(email).length;
  const res = await send(path, { email });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return tokenFromMail((await server.smtp!.waitFor(email, { after: before })).text, type);
}

describe('issue 10: test-environment default redirect URLs', () => {
  it('a console project: links go back to the localhost app that asked, and sign the user in', async () => {
    const owner = await server.signIn('owner.defaults@example.com');
    const created = await server.request('/api/console/projects', { method: 'POST', cookie: owner, body: { name: 'Out of the box' } });
    expect(created.status).toBe(201);
    const publicToken: string = created.body.project.publicToken;

    const app = 'http://localhost:5173';
    const link = await linkFor(sdk(publicToken, app), '/magic_links/email/login_or_create', 'new.defaults@example.com', 'magic_links');
    expect(`${link.url.origin}${link.url.pathname}`).toBe(`${app}/authenticate`);
    const signedIn = await sdk(publicToken, app)('/magic_links/authenticate', { token: link.token, session_duration_minutes: 30 });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.data.session_token).toMatch(/\S/);

    // A call with no browser origin and a project with no allowed origin: nothing to default to.
    const none = await sdk(publicToken)('/magic_links/email/login_or_create', { email: 'new.defaults@example.com' });
    expectSdkError(none, 400, 'invalid_redirect_url');
    expect(none.body.error_message).toBe("No login redirect URL was given and the project has no default one. Set one in the project's sign-in settings.");
  });

  it('a CLI project with an allowed origin: links go to /authenticate there, reset links too', async () => {
    const project = await server.services.projects.operatorCreateProject('owner.cli-defaults@example.com', 'CLI project', [APP]);
    for (const send of [sdk(project.publicToken), sdk(project.publicToken, APP)]) {
      const link = await linkFor(send, '/magic_links/email/login_or_create', 'cli.defaults@example.com', 'magic_links');
      expect(`${link.url.origin}${link.url.pathname}`).toBe(`${APP}/authenticate`);
    }
    // A password reset needs a password first.
    const created = await sdk(project.publicToken)('/passwords', {
      email: 'cli.password@example.com',
      password: 'violet-Tractor-harbour-91-quiz',
      session_duration_minutes: 30,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const reset = await linkFor(sdk(project.publicToken, APP), '/passwords/email/reset/start', 'cli.password@example.com', 'reset_password');
    expect(`${reset.url.origin}${reset.url.pathname}`).toBe(`${APP}/authenticate`);

    // An origin the project does not admit is not where links go.
    const refused = await server.request('/sdk/v1/magic_links/email/login_or_create', {
      method: 'POST',
      headers: { authorization: basicAuth(project.publicToken), origin: 'https://evil.example' },
      body: { email: 'cli.defaults@example.com' },
    });
    expectSdkError(refused, 403, 'invalid_origin');
  });

  it('a default the project set, and a requested URL, still win; live projects get no default', async () => {
    const project = await server.services.projects.operatorCreateProject('owner.set-defaults@example.com', 'Configured project', [APP]);
    await server.services.projects.operatorUpdateProject(project.projectId, { allowedOrigins: [APP] });
    const { userId } = await server.services.identity.getOrCreatePlatformUser('owner.set-defaults@example.com');
    await server.services.projects.updateAuthSettings(project.projectId, userId, { authConfig: { redirectUrls: { allowed: [], login: `${APP}/welcome` } } });
    const configured = await linkFor(
      sdk(project.publicToken, 'http://localhost:5173'),
      '/magic_links/email/login_or_create',
      'set.defaults@example.com',
      'magic_links',
    );
    expect(`${configured.url.origin}${configured.url.pathname}`).toBe(`${APP}/welcome`);

    const requested = await sdk(project.publicToken, APP)('/magic_links/email/login_or_create', {
      email: 'set.defaults@example.com',
      login_magic_link_url: 'http://localhost:4000/callback',
    });
    expect(requested.status).toBe(200);
    expect(tokenFromMail(server.smtp!.messagesTo('set.defaults@example.com').at(-1)!.text).url.origin).toBe('http://localhost:4000');

    await server.ctx.db.execute(`update projects set environment = 'live' where id = '${project.projectId}'`);
    await server.services.projects.updateAuthSettings(project.projectId, userId, { authConfig: { redirectUrls: { allowed: [] } } });
    expectSdkError(
      await sdk(project.publicToken, APP)('/magic_links/email/login_or_create', { email: 'set.defaults@example.com' }),
      400,
      'invalid_redirect_url',
    );
  });
});
