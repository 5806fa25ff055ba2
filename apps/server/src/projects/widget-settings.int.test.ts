// The sign-in widget a project saves from the console's branding playground: `authConfig.widget` of
// /api/console/projects/{id}/auth-config (docs/decisions/119). Issue 13 item 4.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { expectSdkError } from '../testing/sdk.ts';

let server: TestServer;
let owner: string;
let developer: string;
let otherOwner: string;
let projectId: string;
let otherProjectId: string;

beforeAll(async () => {
  server = await startTestServer();
  [owner, developer, otherOwner] = await Promise.all([
    server.signIn('owner.widget@example.com'),
    server.signIn('dev.widget@example.com'),
    server.signIn('other.widget@example.com'),
  ]);
  const created = await server.request('/api/console/projects', { method: 'POST', cookie: owner, body: { name: 'Widget' } });
  projectId = created.body.project.id;
  const other = await server.request('/api/console/projects', { method: 'POST', cookie: otherOwner, body: { name: 'Other widget' } });
  otherProjectId = other.body.project.id;
  const added = await server.request('/api/console/projects/members', {
    method: 'POST',
    cookie: owner,
    body: { projectId, email: 'dev.widget@example.com', role: 'developer' },
  });
  expect(added.status).toBe(201);
});
afterAll(() => server?.close());

const path = (id = projectId) => `/api/console/projects/${id}/auth-config`;
const saveWidget = (widget: unknown, cookie = owner, id = projectId) => server.request(path(id), { method: 'PATCH', cookie, body: { authConfig: { widget } } });

const branded = {
  config: {
    products: ['oauth', 'otp', 'passkeys'],
    otpOptions: { methods: ['sms', 'email'], expirationMinutes: 7 },
    oauthOptions: { providers: [{ type: 'google', one_tap: true }, { type: 'github' }] },
    sessionOptions: { sessionDurationMinutes: 60 },
    enableShadowDOM: true,
  },
  styles: {
    container: { backgroundColor: '#101820', width: '360px' },
    colors: { primary: 'rgb(255, 99, 71)', warning: '#7A4B00' },
    buttons: { primary: { backgroundColor: '#FF6347', borderRadius: '12px' } },
    fontFamily: '"IBM Plex Sans", sans-serif',
    hideHeaderText: true,
    logo: { logoImageUrl: 'https://cdn.example.com/logo.png' },
  },
};

describe('authConfig.widget', () => {
  it('needs a console session (401 first)', async () => {
    expectSdkError(await server.request(path(), { method: 'PATCH', body: { authConfig: { widget: branded } } }), 401, 'unauthorized');
  });

  it('starts as email passcodes in the default theme', async () => {
    const res = await server.request(path(), { cookie: developer });
    expect(res.status).toBe(200);
    expect(res.body.authConfig.widget).toEqual({
      config: { products: ['otp'], otpOptions: { methods: ['email'], expirationMinutes: 5 } },
      styles: {},
    });
  });

  it('saves config and theme whole for owners, and every member reads them back', async () => {
    const saved = await saveWidget(branded);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.authConfig.widget).toEqual(branded);
    // Other settings are untouched by the widget's save.
    expect(saved.body.authConfig.otps.emailExpirationMinutes).toBe(10);
    expect((await server.request(path(), { cookie: developer })).body.authConfig.widget).toEqual(branded);

    // Replaced whole: a later save without styles clears the theme.
    const plain = await saveWidget({ config: { products: ['otp'] } });
    expect(plain.body.authConfig.widget).toEqual({ config: { products: ['otp'] }, styles: {} });
  });

  it('keeps each project its own: developers may not save, strangers see nothing', async () => {
    await saveWidget(branded);
    expectSdkError(await saveWidget({ config: { products: ['otp'] } }, developer), 403, 'forbidden');
    expectSdkError(await saveWidget({ config: { products: ['otp'] } }, otherOwner), 404, 'not_found');
    expectSdkError(await server.request(path(), { cookie: otherOwner }), 404, 'not_found');
    // The other project's owner saving their own widget changes only theirs.
    const theirs = await saveWidget({ config: { products: ['passwords'] }, styles: { colors: { primary: '#000000' } } }, otherOwner, otherProjectId);
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);
    expect((await server.request(path(), { cookie: owner })).body.authConfig.widget).toEqual(branded);
  });

  it('refuses bad input with the field named, and the §5 configuration errors word for word; nothing is stored', async () => {
    await saveWidget(branded);
    for (const [widget, message] of [
      [{ config: { products: ['otp', 'sso'] } }, 'authConfig.widget.config.products.1: each product must be one of emailMagicLinks, oauth, otp'],
      [{ config: { products: [] } }, 'products must name at least one product'],
      [{ config: { products: ['otp', 'otp'] } }, 'products names a product twice'],
      [{ config: { products: 'otp' } }, 'products must be a list'],
      [{ config: { products: ['otp'], otpOptions: { methods: ['fax'], expirationMinutes: 5 } } }, 'each OTP method must be one of email, sms, whatsapp'],
      [{ config: { products: ['otp'], otpOptions: { methods: ['email'], expirationMinutes: 61 } } }, 'must be a whole number from 1 to 60'],
      [{ config: { products: ['otp'], sessionOptions: { sessionDurationMinutes: 4 } } }, 'must be a whole number from 5 to 525600'],
      [{ config: { products: ['oauth'], oauthOptions: { providers: [{ type: 'myspace' }] } } }, 'an OAuth provider is one of google'],
      [{ config: { products: ['oauth'], oauthOptions: { providers: [{ type: 'google' }, { type: 'google' }] } } }, 'names a provider twice'],
      [{ config: { products: ['otp'], enableShadowDOM: 'yes' } }, 'enableShadowDOM must be true or false'],
      [{ config: { products: ['otp'], colour: 'red' } }, 'Unrecognized key: "colour"'],
      [{ config: { products: ['emailMagicLinks', 'otp'] } }, 'Error: Cannot use both EML and Email OTP'],
      [{ config: { products: ['passkeys'] } }, 'Error: Cannot use Passkeys by itself, please add another product to the config.'],
      [{ config: { products: ['otp'] }, styles: { colors: { primary: 'red; background: url(x)' } } }, 'a theme value may hold letters, digits'],
      [{ config: { products: ['otp'] }, styles: { colors: { primary: '' } } }, 'a theme value may not be empty'],
      [{ config: { products: ['otp'] }, styles: { fontFamily: 'x'.repeat(101) } }, 'at most 100 characters'],
      [{ config: { products: ['otp'] }, styles: { hideHeaderText: 'true' } }, 'hideHeaderText must be true or false'],
      [{ config: { products: ['otp'] }, styles: { logo: { logoImageUrl: 'javascript:alert(1)' } } }, 'must be an absolute http:// or https:// URL'],
      [{ config: { products: ['otp'] }, styles: { buttons: { tertiary: {} } } }, 'Unrecognized key: "tertiary"'],
      [{ config: { products: ['otp'] }, theme: {} }, 'authConfig.widget: widget must be an object with config and styles'],
      ['otp', 'widget must be an object with config and styles'],
    ] as const) {
      const res = await saveWidget(widget);
      expectSdkError(res, 400, 'invalid_request');
      expect(res.body.error_message).toContain(message);
    }
    expect((await server.request(path(), { cookie: owner })).body.authConfig.widget).toEqual(branded);
  });
});
