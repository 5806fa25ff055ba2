// A tiny "customer site" for the SDK browser tests: the SDK test page (sdk-page-entry.ts, bundled with Vite as an
// app would) served from http://localhost:<port>, a different origin from the Keepsake server, so every call
// goes through CORS with credentials like a real embedding. Every path answers the page, so emailed links
// (`/authenticate?stytch_token_type=…&token=…`) land on it. Paths under /widget answer the sign-in widget's test
// page instead (widget-page-entry.ts, bundled the same way); /widget/hostile adds a hostile stylesheet that sets
// every element's font, colour, spacing and sizes with !important, for the Shadow DOM isolation check.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bundleAuthJs } from '../../scripts/auth-js-bundle.ts';

const entry = new URL('./sdk-page-entry.ts', import.meta.url).pathname;
const page =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>SDK test page</title></head><body><script type="module" src="/entry.js"></script></body></html>';

const widgetEntry = new URL('./widget-page-entry.ts', import.meta.url).pathname;
const HOSTILE_CSS =
  '* { font-family: "Comic Sans MS", cursive !important; color: rgb(255, 0, 0) !important; letter-spacing: 3px !important; }' +
  ' input { height: 10px !important; } button { background: rgb(255, 0, 255) !important; }';
const widgetPage = (hostile: boolean) =>
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  `<title>Widget test page</title>${hostile ? `<style>${HOSTILE_CSS}</style>` : ''}</head>` +
  '<body><main><h1>Widget test page</h1><div id="login"></div>' +
  '<input class="ks-input" aria-label="Host field"></main><script type="module" src="/widget/entry.js"></script></body></html>';

export type SdkSite = { url: string; close(): Promise<void> };

export async function startSdkSite(): Promise<SdkSite> {
  const files = new Map((await bundleAuthJs({ file: entry }, { minify: false })).map((file) => [`/${file.fileName}`, file.code]));
  for (const file of await bundleAuthJs({ file: widgetEntry }, { minify: false })) files.set(`/widget/${file.fileName}`, file.code);
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const script = files.get(path);
    if (script !== undefined) return void response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(script);
    if (path === '/favicon.ico') return void response.writeHead(204).end();
    const html = path.startsWith('/widget') ? widgetPage(path === '/widget/hostile') : page;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
