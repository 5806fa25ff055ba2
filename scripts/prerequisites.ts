// Makes sure the machine has what the test suite needs: Chromium for Playwright and a running PostgreSQL.
// On a fresh Debian machine (as root) it installs or starts them; elsewhere it says what is missing.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { connect } from 'node:net';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

export function ensureChromium(): void {
  if (existsSync(chromiumPath)) return;
  if (!isRoot() || !existsSync('/usr/bin/apt-get')) {
    throw new Error(`Chromium is missing at ${chromiumPath}. Install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH.`);
  }
  console.log('Installing Chromium from Debian packages…');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
}

function portOpen(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

export async function ensurePostgres(): Promise<void> {
  const url = new URL(process.env.KEEPSAKE_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const port = Number(url.port || 5432);
  if (await portOpen(url.hostname, port)) return;
  const versions = existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql') : [];
  if (versions.length > 0 && isRoot()) {
    console.log('Starting PostgreSQL…');
    spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', versions[0]!, 'main', 'start'], { stdio: 'inherit' });
    for (let i = 0; i < 30; i++) {
      if (await portOpen(url.hostname, port)) return;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  throw new Error(
    `PostgreSQL is not reachable at ${url.hostname}:${port}. Start it, or set KEEPSAKE_TEST_PG_URL to a server the tests may create databases on.`,
  );
}
