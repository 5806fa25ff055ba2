// The build steps `npm start` (and the e2e set-up) run first, each only when its output is missing or older
// than its sources, so that a start on an unchanged checkout goes straight to the server:
//   - the contracts: ABI + bytecode artifacts from packages/contracts (solc-js; cached by a hash of the sources);
//   - the web app: apps/web/dist from apps/web and the workspace packages it bundles (Vite).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ensureArtifacts } from '@keepsake/contracts/build';

const root = new URL('../', import.meta.url).pathname;
const webDir = join(root, 'apps/web');

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Compiles the contracts when their sources, compiler or settings changed. */
export function ensureContractsBuild(log: (line: string) => void = console.log): void {
  const { built, ms } = ensureArtifacts();
  if (built) log(`Compiled the contracts in ${(ms / 1000).toFixed(1)} s`);
}

/** Builds the web app when apps/web/dist is missing or older than its sources. Throws if the build fails. */
export function ensureWebBuild(log: (line: string) => void = console.log): void {
  const builtIndex = join(webDir, 'dist', 'index.html');
  const sources = [
    ...['src', 'public', 'index.html', 'package.json', 'vite.config.ts'].map((p) => join(webDir, p)),
    // Workspace packages the web app bundles from source.
    ...['src', 'package.json'].map((p) => join(root, 'packages/auth-js', p)),
    join(root, 'packages/validation/src'),
  ].filter((p) => existsSync(p));
  const stale = !existsSync(builtIndex) || sources.some((p) => newestMtime(p) > statSync(builtIndex).mtimeMs);
  if (!stale) return;
  log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '--workspace', '@keepsake/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0 || !existsSync(builtIndex)) throw new Error('The web app build failed (npm run build --workspace @keepsake/web)');
}
