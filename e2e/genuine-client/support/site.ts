// The "customer site" of the genuine-client suite: the test page (page-entry.ts, with @stytch/vanilla-js bundled
// as an app would) served from http://localhost:<port>, another origin than the Keepsake server, so every call
// goes through CORS with credentials. Every path answers the page, so emailed links (`/authenticate?…`) land on it.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bundleAuthJs } from '../../../scripts/auth-js-bundle.ts';

const entry = new URL('./page-entry.ts', import.meta.url).pathname;
const page =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Genuine client test page</title></head>' +
  '<body><main><h1>Genuine client</h1><div id="login"></div></main><script type="module" src="/entry.js"></script></body></html>';

export type GenuineSite = { url: string; close(): Promise<void> };

export async function startGenuineSite(): Promise<GenuineSite> {
  const files = new Map((await bundleAuthJs({ file: entry }, { minify: false })).map((file) => [`/${file.fileName}`, file.code]));
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const script = files.get(path);
    if (script !== undefined) return void response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(script);
    if (path === '/favicon.ico') return void response.writeHead(204).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
