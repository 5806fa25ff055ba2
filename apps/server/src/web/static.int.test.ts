// issue 10 §4 "Soft 404s": the pages of the web app's route manifest answer 200 with the app shell; any other
// path outside the API answers 404 with the same shell, where the app renders its not-found page.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.ts';

const shell = '<!doctype html><html><head><title>Keepsake</title></head><body><div id="root"></div></body></html>';
let server: TestServer;
let distDir: string;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'keepsake-web-dist-'));
  writeFileSync(join(distDir, 'index.html'), shell);
  server = await startTestServer({ env: { WEB_DIST_DIR: distDir } });
});
afterAll(async () => {
  await server?.close();
  rmSync(distDir, { recursive: true, force: true });
});

async function page(path: string, method = 'GET') {
  const res = await fetch(server.url + path, { method, redirect: 'manual' });
  return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
}

describe('web app pages (issue 10: no soft 404s)', () => {
  it('answers 200 with the app shell for the pages of the route manifest', async () => {
    for (const path of [
      '/',
      '/team',
      '/help',
      '/signin?callbackUrl=%2Fuser',
      '/user/collection',
      '/console',
      '/console/overview',
      '/console/projects/3f9c/APIKeys/Create',
      '/console/collections/3f9c/created/nfts',
      '/console/webhooks/3f9c/',
      '/console/orders/3f9c',
      '/console/collections/3f9c/orders',
      '/checkout/3f9c',
    ]) {
      expect({ path, ...(await page(path)) }).toEqual({ path, status: 200, type: 'text/html; charset=utf-8', body: shell });
    }
  });

  it('answers 404 with the same shell for paths the app does not have, so it renders its not-found page', async () => {
    for (const path of [
      '/pricing',
      '/legal/x',
      '/alpha/x',
      '/claim/x',
      '/checkout/3f9c/x',
      '/collections/x',
      '/admin',
      '/console/nonexistent',
      '/console/collections/3f9c/refunds',
      '/team/x',
      '/404',
    ]) {
      expect({ path, ...(await page(path)) }).toEqual({ path, status: 404, type: 'text/html; charset=utf-8', body: shell });
    }
    expect(await page('/pricing', 'HEAD')).toMatchObject({ status: 404, body: '' });
  });

  it('still answers unknown API paths with a JSON 404', async () => {
    for (const path of ['/api/nonexistent', '/sdk/v1/nonexistent', '/v1/public/nonexistent']) {
      const res = await server.request(path);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ status_code: 404, error_type: 'route_not_found' });
    }
  });
});
