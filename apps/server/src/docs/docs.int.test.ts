// The API reference (issue 11, ADR 092): /docs is Scalar branded as Keepsake (title, favicon, mobile viewport, a
// way back to the app, nothing of Fastify or Swagger), its bundle comes from this server (no CDN) and needs no
// inline script (the CSP allows this origin only); the OpenAPI document lists the developer API first, with a
// quickstart; /docs/errors is a styled page whose favicon loads.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '../http/error-catalogue.ts';
import { startTestServer, testDb, type TestServer } from '../testing/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** Every `<script …>` opening tag of a page. */
const scriptTags = (html: string) => [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);

describe(`API reference (${testDb})`, () => {
  it('serves /docs branded as Keepsake, with a mobile viewport and a link back to the app', async () => {
    const res = await server.request('/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = res.body as string;
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toMatch(/<title>Keepsake API reference<\/title>/);
    expect(html).toContain('<link rel="icon" href="/docs/favicon.svg" type="image/svg+xml">');
    expect(html).toContain('<a href="/console/overview">Back to the app</a>');
    expect(html).toContain('<html lang="en">');
    expect(html).not.toMatch(/fastify|swagger/i);
    // The old path with a slash lands on the page.
    const slash = await server.request('/docs/');
    expect(slash.status).toBe(301);
    expect(slash.headers.get('location')).toBe('/docs');
  });

  it('loads the reference from this server only: no CDN, no fonts from elsewhere, no inline script for the CSP to refuse', async () => {
    const res = await server.request('/docs');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    const html = res.body as string;
    const scripts = scriptTags(html);
    // One bundle from this origin, and the configuration as a JSON data block (never executed).
    expect(scripts).toEqual([
      expect.stringMatching(/^<script id="api-reference" type="application\/json" data-url="\/api\/openapi.json"/),
      '<script src="/docs/assets/scalar.js">',
    ]);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    const configuration = JSON.parse(
      /data-configuration="([^"]*)"/.exec(html)![1]!.replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&'),
    ) as Record<string, unknown>;
    expect(configuration).toMatchObject({ url: '/api/openapi.json', withDefaultFonts: false, telemetry: false, agent: { disabled: true } });

    const bundle = await fetch(`${server.url}/docs/assets/scalar.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    // fetch undoes the gzip; ask for the raw bytes too, to see that they are gzipped and much smaller.
    const text = await bundle.text();
    expect(text).toContain('createApiReference');
    const raw = await server.request('/docs/assets/scalar.js', { headers: { 'accept-encoding': 'identity' } });
    expect(raw.headers.get('content-encoding')).toBeNull();
    expect((raw.body as string).length).toBe(text.length);
    const zipped = await import('node:http').then(
      (http) =>
        new Promise<{ encoding: string | undefined; bytes: Buffer }>((resolve, reject) => {
          http
            .get(`${server.url}/docs/assets/scalar.js`, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
              const chunks: Buffer[] = [];
              response.on('data', (chunk: Buffer) => chunks.push(chunk));
              response.on('end', () => resolve({ encoding: response.headers['content-encoding'], bytes: Buffer.concat(chunks) }));
            })
            .on('error', reject);
        }),
    );
    expect(zipped.encoding).toBe('gzip');
    expect(zipped.bytes.length).toBeLessThan(text.length / 3);
    expect(gunzipSync(zipped.bytes).toString()).toBe(text);

    // The plugin's own page (inline script) and its other paths are not served here.
    for (const path of ['/docs/assets/', '/docs/assets', '/docs/assets/js/scalar.js', '/docs/assets/openapi.json']) {
      const other = await server.request(path);
      expect(other.status, path).toBe(404);
      expect(other.body).toMatchObject({ error_type: 'route_not_found' });
    }
  });

  it('puts the developer API first in the OpenAPI document, with a quickstart, and the /sdk/v1 auth groups after it', async () => {
    const doc = (await server.request('/api/openapi.json')).body as {
      info: { title: string; description: string };
      tags: Array<{ name: string }>;
      'x-tagGroups': Array<{ name: string; tags: string[] }>;
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const tags = doc.tags.map((t) => t.name);
    expect(tags.slice(0, 4)).toEqual(['Developer API: collections', 'Developer API: minting', 'Developer API: actions', 'Developer API: wallets']);
    const firstAuth = tags.findIndex((t) => t.startsWith('Auth:'));
    const lastDeveloper = tags.findLastIndex((t) => t.startsWith('Developer API') || t === 'Metadata (public)');
    expect(firstAuth).toBeGreaterThan(lastDeveloper);
    expect(tags.findIndex((t) => t.startsWith('Console:'))).toBeGreaterThan(tags.findLastIndex((t) => t.startsWith('Auth:')));
    expect(doc['x-tagGroups'].map((g) => g.name)).toEqual(['Developer API', 'Auth service (/sdk/v1)', 'Console API', 'Platform and operations']);
    // Every tag an operation uses is listed once, in exactly one group.
    const used = new Set(Object.values(doc.paths).flatMap((ops) => Object.values(ops).flatMap((op) => op.tags ?? [])));
    expect(new Set(tags)).toEqual(used);
    expect(doc['x-tagGroups'].flatMap((g) => g.tags).sort()).toEqual([...tags].sort());
    expect(doc['x-tagGroups'][1]!.tags.every((t) => t.startsWith('Auth:'))).toBe(true);

    expect(doc.info.title).toBe('Keepsake API');
    expect(doc.info.description).toContain('## Quickstart');
    expect(doc.info.description).toContain(`curl -X POST ${server.url}/api/2022-06-09/collections`);
    expect(doc.info.description).toContain('-H "X-API-KEY: $KEEPSAKE_API_KEY"');
  });

  it('serves /docs/errors styled, with every error type anchored, a viewport, and a favicon that loads', async () => {
    const res = await server.request('/docs/errors');
    expect(res.status).toBe(200);
    const html = res.body as string;
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toMatch(/<title>Error types · Keepsake API<\/title>/);
    expect(html).toMatch(/<style>[^<]*table\{[^}]*border-collapse[^<]*<\/style>/);
    expect(html).toMatch(/@media \(max-width:640px\)/);
    expect(html).toContain('<a href="/console/overview">Back to the app</a>');
    for (const type of Object.keys(errorCatalogue)) expect(html).toContain(`<tr id="${type}">`);
    expect(scriptTags(html)).toEqual([]);

    const icon = /<link rel="icon" href="([^"]+)" type="image\/svg\+xml">/.exec(html)![1]!;
    const favicon = await server.request(icon);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get('content-type')).toBe('image/svg+xml');
    expect(favicon.body as string).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });
});
