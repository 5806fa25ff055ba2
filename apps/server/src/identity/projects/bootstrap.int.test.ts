// issue 10: GET /sdk/v1/projects/bootstrap/{public_token} read from the genuine client's side. Stytch's
// vanilla-js 5.23.1 maps the answer field by field (BootstrapDataManager.mapBootstrapData) and then dereferences
// some of them: `captcha_settings.enabled` before every captcha-guarded call, `password_config.luds_*` unless it
// is null, `email_domains.length` in the login screen. A null where it dereferences failed every sign-in with
// "Cannot read properties of null (reading 'enabled')".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/harness.ts';
import { createProject } from '../../testing/sdk.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function bootstrap(publicToken: string) {
  const res = await server.request(`/sdk/v1/projects/bootstrap/${publicToken}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Record<string, unknown>;
}

/** Every field the client reads, and what it does with it: `deref` fields must never be null. */
const clientReads: Record<string, (value: unknown) => boolean> = {
  project_name: (v) => typeof v === 'string',
  disable_sdk_watermark: (v) => typeof v === 'boolean',
  captcha_settings: (v) => typeof v === 'object' && v !== null && typeof (v as { enabled?: unknown }).enabled === 'boolean',
  cname_domain: (v) => v === null || typeof v === 'string',
  email_domains: (v) => Array.isArray(v) && v.every((d) => typeof d === 'string'),
  pkce_required_for_email_magic_links: (v) => typeof v === 'boolean',
  pkce_required_for_password_resets: (v) => typeof v === 'boolean',
  pkce_required_for_oauth: (v) => typeof v === 'boolean',
  pkce_required_for_sso: (v) => typeof v === 'boolean',
  slug_pattern: (v) => typeof v === 'string',
  create_organization_enabled: (v) => typeof v === 'boolean',
  password_config: (v) =>
    v === null ||
    (typeof v === 'object' &&
      typeof (v as { luds_complexity?: unknown }).luds_complexity === 'number' &&
      typeof (v as { luds_minimum_count?: unknown }).luds_minimum_count === 'number'),
  dfp_protected_auth_enabled: (v) => typeof v === 'boolean',
  dfp_protected_auth_mode: (v) => v === null || typeof v === 'string',
  rbac_policy: (v) => v === null || typeof v === 'object',
  siwe_required_for_crypto_wallets: (v) => typeof v === 'boolean',
  vertical: (v) => v === 'CONSUMER',
};

function expectReadable(data: Record<string, unknown>) {
  for (const [field, ok] of Object.entries(clientReads)) {
    expect(data, field).toHaveProperty(field);
    expect(ok(data[field]), `${field}: ${JSON.stringify(data[field])}`).toBe(true);
  }
}

describe('issue 10: bootstrap as the genuine client reads it', () => {
  it('answers captcha_settings {enabled: false}, never null, while captcha is off', async () => {
    const project = await createProject(server, 'Bootstrap defaults');
    const data = await bootstrap(project.publicToken);
    expectReadable(data);
    expect(data.captcha_settings).toEqual({ enabled: false });
    expect(data.password_config).toBeNull();
  });

  it('answers every field readable with captcha on and the luds policy', async () => {
    const project = await createProject(server, 'Bootstrap configured', {
      captcha: { enabled: true },
      passwords: { strengthPolicy: 'luds', ludsMinimumCount: 12, ludsComplexity: 3 },
    });
    const data = await bootstrap(project.publicToken);
    expectReadable(data);
    expect(data.captcha_settings).toEqual({ enabled: true, siteKey: 'dev-captcha-site-key' });
    expect(data.password_config).toEqual({ luds_complexity: 3, luds_minimum_count: 12 });
  });

  it('names the domain mail is sent from (MAIL_FROM), so the widget can search webmail for it', async () => {
    const project = await createProject(server, 'Bootstrap sender');
    expect((await bootstrap(project.publicToken)).email_domains).toEqual(['keepsake.localhost']);
  });
});

describe('issue 13: email_domains follows the configured sender', () => {
  let custom: TestServer;
  beforeAll(async () => {
    custom = await startTestServer({ env: { MAIL_FROM: 'Acme Sign-in <Hello@Mail.Acme.example>' } });
  });
  afterAll(() => custom?.close());

  it('answers the From address domain in lower case, and mail really goes out from it', async () => {
    const project = await createProject(custom, 'Custom sender');
    const res = await custom.request(`/sdk/v1/projects/bootstrap/${project.publicToken}`);
    expect(res.status).toBe(200);
    expect(res.body.data.email_domains).toEqual(['mail.acme.example']);
    const sent = await project.sdk.post('/otps/email/login_or_create', { email: 'sender-check@example.com' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const mail = await custom.smtp!.waitFor('sender-check@example.com');
    expect(mail.from.split('@')[1]?.toLowerCase()).toBe(res.body.data.email_domains[0]);
  });
});
