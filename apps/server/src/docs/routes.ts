// The API reference (ADR 092): the OpenAPI document at /api/openapi.json, Scalar's reference at /docs (its bundle
// served from the package, so the page works offline and under the CSP), the error catalogue at /docs/errors and
// the web app's favicon for both pages.
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import fastifySwagger from '@fastify/swagger';
import Fastify from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { App } from '../http/types.ts';
import type { Config } from '../config.ts';
import { quickstart, withOrderedTags } from './openapi.ts';
import { docsPaths, errorCataloguePage, referencePage } from './pages.ts';

const gzipAsync = promisify(gzip);

/**
 * The Scalar standalone bundle, as @scalar/fastify-api-reference serves it: the plugin keeps it inside its module
 * and exports only the plugin, so a scratch Fastify instance registers it once and is asked for the file. Its own
 * page is never served (it configures Scalar with an inline script, which the CSP refuses).
 */
function lazyBundle() {
  let loading: Promise<{ text: string; zipped: Promise<Buffer> }> | undefined;
  const load = async () => {
    const { default: fastifyApiReference } = await import('@scalar/fastify-api-reference');
    const scratch = Fastify({ logger: false });
    try {
      await scratch.register(fastifyApiReference, { routePrefix: '/reference', configuration: { url: docsPaths.openApi } });
      const response = await scratch.inject({ method: 'GET', url: '/reference/js/scalar.js' });
      if (response.statusCode !== 200) throw new Error(`@scalar/fastify-api-reference served its bundle with ${response.statusCode}`);
      const zipped = gzipAsync(response.body, { level: 9 });
      zipped.catch(() => undefined); // a failure surfaces where it is awaited, never as an unhandled rejection
      return { text: response.body, zipped };
    } finally {
      await scratch.close();
    }
  };
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined; // the next request tries again
      throw error;
    });
    return loading;
  };
}
const favicon = readFileSync(new URL('../../../web/public/favicon.svg', import.meta.url));
const html = 'text/html; charset=utf-8';

/**
 * Registers the OpenAPI generator (before any route, so it sees them all) and the documentation pages. The
 * document is built on first request, with `config.publicUrl` as it is then (tests learn their port late).
 */
export async function registerApiDocs(app: App, config: Pick<Config, 'publicUrl'>) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Keepsake API', version: '0.1.0' },
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-KEY' },
          publicToken: { type: 'http', scheme: 'basic', description: 'public_token:session_token' },
          clientSecret: { type: 'apiKey', in: 'header', name: 'Authorization', description: "An order's clientSecret: reads and updates that order only" },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (input) => {
      const document = withOrderedTags(jsonSchemaTransformObject(input));
      return { ...document, info: { ...document.info!, description: quickstart(config.publicUrl) }, servers: [{ url: config.publicUrl }] };
    },
  });
  app.get(docsPaths.openApi, { schema: { hide: true } }, async () => app.swagger());

  const pages = { reference: referencePage(), errors: errorCataloguePage() };
  app.get(docsPaths.reference, { schema: { hide: true } }, async (_request, reply) =>
    reply.type(html).header('cache-control', 'no-cache').send(pages.reference),
  );
  app.get(`${docsPaths.reference}/`, { schema: { hide: true } }, async (_request, reply) => reply.redirect(docsPaths.reference, 301));
  app.get(docsPaths.errors, { schema: { hide: true } }, async (_request, reply) => reply.type(html).header('cache-control', 'no-cache').send(pages.errors));
  app.get(docsPaths.favicon, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(favicon),
  );

  // Scalar's bundle, served from the package. Loaded on the first request for it, not at start-up (parsing the
  // plugin's 5 MB module costs about 0.15 s of CPU), and gzipped once.
  const bundle = lazyBundle();
  app.get(docsPaths.script, { schema: { hide: true } }, async (request, reply) => {
    const { text, zipped } = await bundle();
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').header('vary', 'accept-encoding');
    if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.send(text);
    return reply.header('content-encoding', 'gzip').send(await zipped);
  });
}
