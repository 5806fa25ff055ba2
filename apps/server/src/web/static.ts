import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isAppPath } from '@keepsake/web/route-manifest';

// The API's namespaces, where an unknown path answers the spec's JSON error: /v1 holds OAuth's public redirects.
const apiPrefixes = /^\/(api|sdk|v1|docs|\.well-known)(\/|$)/;

/**
 * Serves the built web app (apps/web/dist) with an SPA fallback. Without a build, a short hint page.
 *
 * The pages are those of the web app's route manifest (apps/web/src/app/route-manifest.ts), which its router is
 * built from: they answer 200. Any other path (outside the API) gets the same shell with a real 404 status, and
 * the app renders its not-found page there, so crawlers and monitors see missing pages as missing.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string) {
  const indexPath = join(distDir, 'index.html');
  const built = existsSync(indexPath);
  const indexHtml = built
    ? readFileSync(indexPath, 'utf8')
    : '<!doctype html><title>Keepsake</title><p>The web app is not built. Run <code>npm run build</code>, then restart.</p>';
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders: (res, path) => {
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      },
    });
  }
  return {
    /** Answers a GET that matched no route: the app shell, or undefined when it is an API path. */
    fallback(pathname: string): { status: number; html: string } | undefined {
      if (apiPrefixes.test(pathname)) return undefined;
      return { status: isAppPath(pathname) ? 200 : 404, html: indexHtml };
    },
  };
}
