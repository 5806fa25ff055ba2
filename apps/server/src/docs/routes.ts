// The API reference (ADR 092): the OpenAPI document at /api/openapi.json, Scalar's reference at /docs (its bundle
// served from the package, so the page works offline and under the CSP), the error catalogue at /docs/errors and
// the web app's favicon for both pages.
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import fastifySwagger from '@fastify/swagger';
import fastifyApiReference from '@scalar/fastify-api-reference';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { sendError } from '../http/error-handler.ts';
import { errorTypes } from '../http/errors.ts';
import type { App } from '../http/types.ts';
import type { Config } from '../config.ts';
import { quickstart, withOrderedTags } from './openapi.ts';
import { docsPaths, errorCataloguePage, referencePage } from './pages.ts';

const gzipAsync = promisify(gzip);
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

  // Scalar's bundle. The plugin also adds its own page (with an inline script, which the CSP refuses); in this
  // context only the bundle answers, once gzipped, and every other path of the plugin is a 404 like any other.
  await app.register(async (assets) => {
    let zipped: Promise<Buffer> | undefined;
    assets.addHook('onRequest', (request, reply, done) => {
      const pathname = request.url.split('?')[0];
      if (pathname === docsPaths.script) return done();
      void sendError(request, reply, config.publicUrl, 404, errorTypes.routeNotFound, `Route ${request.method} ${pathname} not found.`);
    });
    assets.addHook('onSend', async (request, reply, payload) => {
      if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
      reply.header('cache-control', 'public, max-age=3600').header('vary', 'accept-encoding');
      if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return payload;
      zipped ??= gzipAsync(payload, { level: 9 });
      reply.header('content-encoding', 'gzip');
      return zipped;
    });
    await assets.register(fastifyApiReference, { routePrefix: '/docs/assets', configuration: { url: docsPaths.openApi } });
  });
}
