// The HTML of /docs (the API reference, rendered in the browser by Scalar from /api/openapi.json) and of
// /docs/errors (the error catalogue every error_url points to). Both carry the Keepsake header with a way back to
// the app, the favicon of the web app and a mobile viewport. No inline script: the content security policy allows
// scripts from this origin only, so the reference reads its configuration from a JSON data block (ADR 092).
import { errorCatalogue } from '../http/error-catalogue.ts';

export const docsPaths = {
  reference: '/docs',
  errors: '/docs/errors',
  favicon: '/docs/favicon.svg',
  /** The Scalar bundle, served by @scalar/fastify-api-reference from the package (no CDN). */
  script: '/docs/assets/scalar.js',
  openApi: '/api/openapi.json',
} as const;

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

/** The brand: the web app's indigo, and the header height Scalar leaves room for. */
const brandCss = `
:root{--ks-accent:#4f46e5;--ks-bar-height:52px;--scalar-custom-header-height:var(--ks-bar-height)}
.ks-bar{position:sticky;top:0;z-index:1000;box-sizing:border-box;height:var(--ks-bar-height);display:flex;align-items:center;justify-content:space-between;gap:1rem;padding:0 1rem;background:#0f172a;color:#f8fafc;font:500 15px/1.2 system-ui,-apple-system,"Segoe UI",sans-serif}
.ks-bar a{color:inherit;text-decoration:none}
.ks-bar a:hover,.ks-bar a:focus-visible{text-decoration:underline}
.ks-brand{display:inline-flex;align-items:center;gap:.5rem;font-weight:650;white-space:nowrap}
.ks-brand small{font-weight:400;color:#cbd5e1}
.ks-bar nav{display:flex;gap:1rem;font-size:14px}
.ks-bar nav a{display:inline-flex;align-items:center;min-height:32px;color:#e2e8f0}
.ks-skip{position:absolute;left:-9999px}
.ks-skip:focus{left:1rem;top:.5rem;z-index:1001;padding:.5rem .75rem;background:#fff;color:#0f172a;border-radius:6px}
@media (max-width:520px){.ks-brand small,.ks-bar nav .ks-wide{display:none}}`;

function header(current: 'reference' | 'errors'): string {
  const link = (href: string, label: string, here: boolean, className = '') =>
    `<a href="${href}"${className ? ` class="${className}"` : ''}${here ? ' aria-current="page"' : ''}>${label}</a>`;
  return `<header class="ks-bar">
  <a class="ks-brand" href="/"><img src="${docsPaths.favicon}" alt="" width="24" height="24"><span>Keepsake</span><small>${current === 'reference' ? 'API reference' : 'Error types'}</small></a>
  <nav aria-label="Keepsake">
    ${link('/console/overview', 'Back to the app', false)}
    ${link(docsPaths.reference, 'API reference', current === 'reference', 'ks-wide')}
    ${link(docsPaths.errors, 'Error types', current === 'errors')}
  </nav>
</header>`;
}

function head(title: string, description: string, css: string): string {
  return `<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeHtml(description)}">
<link rel="icon" href="${docsPaths.favicon}" type="image/svg+xml">
<style>${brandCss}${css}</style>`;
}

/** Scalar's options (ADR 092): offline (no fonts, telemetry or agent from scalar.com), curl first, Keepsake's colours. */
export const referenceConfiguration = {
  url: docsPaths.openApi,
  theme: 'default',
  layout: 'modern',
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  showDeveloperTools: 'never',
  hideModels: true,
  hideDarkModeToggle: false,
  documentDownloadType: 'json',
  defaultHttpClient: { targetKey: 'shell', clientKey: 'curl' },
  favicon: docsPaths.favicon,
  metaData: { title: 'Keepsake API reference' },
  customCss: `.light-mode{--scalar-color-accent:#4f46e5;--scalar-background-accent:#4f46e51f}.dark-mode{--scalar-color-accent:#a5b4fc}`,
};

/** /docs: the header, then Scalar mounted from the data block (auto-mount of its standalone bundle). */
export function referencePage(): string {
  const configuration = escapeHtml(JSON.stringify(referenceConfiguration));
  return `<!doctype html>
<html lang="en">
<head>
${head('Keepsake API reference', 'The Keepsake developer API, auth service and console API: a quickstart and every route.', '')}
</head>
<body>
<a class="ks-skip" href="#keepsake-reference">Skip to the reference</a>
${header('reference')}
<main id="keepsake-reference">
<noscript><p style="padding:1rem">The reference needs JavaScript. The OpenAPI document is at <a href="${docsPaths.openApi}">${docsPaths.openApi}</a>.</p></noscript>
<script id="api-reference" type="application/json" data-url="${docsPaths.openApi}" data-configuration="${configuration}"></script>
</main>
<script src="${docsPaths.script}"></script>
</body>
</html>`;
}

const errorsCss = `
body{margin:0;background:#f8fafc;color:#0f172a;font:16px/1.55 system-ui,-apple-system,"Segoe UI",sans-serif}
.ks-page{max-width:960px;margin:0 auto;padding:2rem 1rem 4rem}
h1{font-size:1.75rem;line-height:1.2;margin:0 0 .5rem}
.ks-lead{color:#334155;margin:0 0 1.5rem}
code{font:0.9em/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:#eef2ff;color:#3730a3;padding:.1em .35em;border-radius:4px;overflow-wrap:anywhere}
table{width:100%;border-collapse:separate;border-spacing:0;background:#fff;border:1px solid #e2e8f0;border-radius:10px;overflow:hidden}
caption{text-align:left;font-weight:600;padding:0 0 .5rem;color:#334155}
th,td{text-align:left;vertical-align:top;padding:.75rem 1rem;border-bottom:1px solid #e2e8f0}
thead th{background:#f1f5f9;font-size:.8rem;text-transform:uppercase;letter-spacing:.04em;color:#475569}
tbody tr:last-child th,tbody tr:last-child td{border-bottom:0}
tbody th{width:34%;font-weight:500}
tbody tr{scroll-margin-top:calc(var(--ks-bar-height) + .75rem)}
tbody tr:target{background:#fef9c3}
tbody tr:target th code{background:#fde68a;color:#713f12}
.ks-anchor{margin-left:.35rem;color:#64748b;text-decoration:none;font-size:.85em}
.ks-anchor:hover,.ks-anchor:focus-visible{color:var(--ks-accent);text-decoration:underline}
@media (max-width:640px){thead{display:none}table,tbody,tr,th,td{display:block;width:auto}tbody th{width:auto;border-bottom:0;padding-bottom:.25rem}tbody td{padding-top:0}}
@media (prefers-color-scheme:dark){body{background:#0b1120;color:#e2e8f0}.ks-lead,caption{color:#cbd5e1}table{background:#111827;border-color:#1f2937}th,td{border-color:#1f2937}thead th{background:#1e293b;color:#cbd5e1}code{background:#1e1b4b;color:#c7d2fe}tbody tr:target{background:#422006}tbody tr:target th code{background:#713f12;color:#fef3c7}.ks-anchor{color:#94a3b8}}`;

/** /docs/errors: every error type, its meaning, and an anchor each (error_url is `/docs/errors#<type>`). */
export function errorCataloguePage(): string {
  const rows = Object.entries(errorCatalogue)
    .map(
      ([type, text]) =>
        `<tr id="${type}"><th scope="row"><code>${type}</code><a class="ks-anchor" href="#${type}" aria-label="Link to ${type}">#</a></th><td>${escapeHtml(text)}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
${head('Error types · Keepsake API', 'What each Keepsake API error type means and what to do about it.', errorsCss)}
</head>
<body>
<a class="ks-skip" href="#keepsake-errors">Skip to the error types</a>
${header('errors')}
<main id="keepsake-errors" class="ks-page">
<h1>Error types</h1>
<p class="ks-lead">Every error response has the shape <code>{status_code, request_id, error_type, error_message, error_url}</code>. Its <code>error_url</code> links to the row below; quote the <code>request_id</code> when you ask for help.</p>
<table>
<caption>Error types and what they mean</caption>
<thead><tr><th scope="col">error_type</th><th scope="col">Meaning</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</main>
</body>
</html>`;
}
