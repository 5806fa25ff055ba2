// Bundles @keepsake/auth-js the way an app would (Vite, minified, ES modules with the lazily loaded phone
// parser in its own chunk), in memory. Used by the browser tests' SDK page (e2e/support/sdk-page.ts), by the
// genuine-client suite's page (e2e/genuine-client/support/site.ts, any entry file), and by `npm run bench:web`
// (the SDK's gzipped size).
import { build, type Plugin, type Rollup } from 'vite';

export type BundleFile = { fileName: string; code: string; isEntry: boolean; isDynamicEntry: boolean };

const root = new URL('../', import.meta.url).pathname;
const ENTRY_ID = 'virtual:auth-js-entry';

/**
 * Builds an entry (source text that imports from `@keepsake/auth-js…`, or a file) into ES module files.
 * @example
 * const files = await bundleAuthJs({ code: `import { createAuthClient } from '@keepsake/auth-js'; window.x = createAuthClient;` });
 */
export async function bundleAuthJs(entry: { code: string } | { file: string }, { minify = true }: { minify?: boolean } = {}): Promise<BundleFile[]> {
  const entryCode = 'code' in entry ? entry.code : `import ${JSON.stringify(entry.file)};`;
  const virtualEntry: Plugin = {
    name: 'auth-js-entry',
    resolveId: (id) => (id === ENTRY_ID ? `\0${ENTRY_ID}` : undefined),
    load: (id) => (id === `\0${ENTRY_ID}` ? entryCode : undefined),
  };
  const result = await build({
    configFile: false,
    root,
    logLevel: 'silent',
    plugins: [virtualEntry],
    build: {
      write: false,
      minify,
      target: 'es2022',
      modulePreload: false,
      copyPublicDir: false,
      rolldownOptions: { input: ENTRY_ID, output: { entryFileNames: 'entry.js', chunkFileNames: '[name]-[hash].js' } },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  return outputs
    .flatMap((output) => output.output)
    .filter((item): item is Rollup.OutputChunk => item.type === 'chunk')
    .map((chunk) => ({ fileName: chunk.fileName, code: chunk.code, isEntry: chunk.isEntry, isDynamicEntry: chunk.isDynamicEntry }));
}
