// The sign-in widget's size budgets (ARCHITECTURE.md, ADR 113): an entry that imports just one thing, bundled by
// esbuild (minified, ES modules, code splitting) and gzipped; only what loads with the page counts, and what the
// bundle loads on demand (the phone-number parser, later zxcvbn) is printed apart. Printed by `npm run bench:web`,
// or alone: `node --experimental-strip-types scripts/bench/widget-size.ts`.
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = new URL('../../', import.meta.url).pathname;
const mount = `.mountLogin({ elementId: '#login', config: { products: ['otp'], otpOptions: { methods: ['email'], expirationMinutes: 5 } } });`;

export const widgetBundles = [
  {
    name: 'widget, all products',
    budgetKb: 60,
    code: `import { StytchUIClient } from '@keepsake/auth-ui';\nnew StytchUIClient('public-token-test-bench')${mount}`,
  },
  {
    name: 'widget, email OTP only',
    budgetKb: 25,
    code: `import { createUIClient } from '@keepsake/auth-ui/core';\nimport { otpUI } from '@keepsake/auth-ui/otp';\ncreateUIClient('public-token-test-bench', { products: [otpUI] })${mount}`,
  },
  {
    name: 'auth-js headless + otps',
    budgetKb: 15,
    code: `import { createAuthClient } from '@keepsake/auth-js';\nimport { otps } from '@keepsake/auth-js/otps';\nwindow.client = createAuthClient('public-token-test-bench', { products: [otps] });`,
  },
] as const;

/** Gzipped KB of what loads with the page (the entry and its static imports) and of what loads on demand. */
export async function esbuildGzipKb(code: string): Promise<{ initial: number; lazy: number }> {
  const result = await build({
    stdin: { contents: code, resolveDir: root, loader: 'ts', sourcefile: 'bench-entry.ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    splitting: true,
    platform: 'browser',
    target: 'es2022',
    outdir: '/bench-out',
    absWorkingDir: root,
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const outputs = result.metafile.outputs;
  // The entry's own output: the one no other output imports (the on-demand chunks are dynamic imports of it).
  const imported = new Set(Object.values(outputs).flatMap((output) => output.imports.map((i) => i.path)));
  const entry = Object.keys(outputs).find((path) => path.endsWith('.js') && !imported.has(path))!;
  const initial = new Set<string>();
  const visit = (path: string) => {
    if (initial.has(resolve(root, path))) return;
    initial.add(resolve(root, path));
    for (const imported of outputs[path]!.imports) if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
  };
  visit(entry);
  let initialBytes = 0;
  let lazyBytes = 0;
  for (const file of result.outputFiles) {
    if (!file.path.endsWith('.js')) continue;
    const gzipped = gzipSync(file.contents, { level: 9 }).length;
    if (initial.has(file.path)) initialBytes += gzipped;
    else lazyBytes += gzipped;
  }
  return { initial: initialBytes / 1024, lazy: lazyBytes / 1024 };
}

/** Prints each bundle's gzipped size against its budget; returns false when one is over. */
export async function printWidgetSizes(): Promise<boolean> {
  let ok = true;
  console.log('Sign-in widget and headless SDK, bundled by esbuild (minified, gzip -9)');
  for (const bundle of widgetBundles) {
    const { initial, lazy } = await esbuildGzipKb(bundle.code);
    ok &&= initial <= bundle.budgetKb;
    const verdict = `budget ≤ ${bundle.budgetKb} KB  ${initial <= bundle.budgetKb ? 'ok' : 'OVER'}`;
    console.log(`  ${bundle.name.padEnd(24)} ${initial.toFixed(1).padStart(6)} KB   (+ ${lazy.toFixed(1)} KB on demand)   ${verdict}`);
  }
  return ok;
}

if (import.meta.url === `file://${process.argv[1]}`) await printWidgetSizes();
