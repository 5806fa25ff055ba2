import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { isMainThread } from 'node:worker_threads';

/**
 * Files Keepsake keeps in its data directory besides the database:
 * - `master.key`: the master key, when KEEPSAKE_MASTER_KEY is not set (mode 0600);
 * - `operator.secret`: the secret the operator CLI presents to a running server (mode 0600);
 * - `server.lock`: which process holds the embedded database, and where it listens.
 * The whole tree is this user's only: directories 0700, files 0600 (`keepPrivate`).
 */
export type ServerLock = { pid: number; url: string; startedAt: string };

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  readonly holder: ServerLock;
  constructor(dir: string, holder: ServerLock) {
    super(`Another Keepsake process (pid ${holder.pid}, ${holder.url}) holds ${dir}. Stop it first or use another KEEPSAKE_DATA_DIR.`);
    this.holder = holder;
  }
}

function ensureDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

/**
 * Makes `dir` and everything under it this user's only, whatever the modes were: directories 0700, files 0600.
 * PGlite writes the files of a new database 0666 whatever the umask, and anything created before (a directory
 * made by hand 0755) keeps its mode, so the tree is walked, not only created right. Symbolic links are left alone.
 * Also sets the process umask to 077, so that files created later (PGlite's, the devnet's) start private.
 */
export function keepPrivate(dir: string): void {
  if (isMainThread) process.umask(0o077); // worker threads may not set it
  ensureDir(dir);
  const pending = [dir];
  for (let current = pending.pop(); current !== undefined; current = pending.pop()) {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) {
        chmodSync(path, 0o700);
        pending.push(path);
      } else if (entry.isFile()) {
        chmodSync(path, 0o600);
      }
    }
  }
}

/** Reads a secret file, or creates it with `create()` readable only by its owner. */
function readOrCreateSecretFile(path: string, create: () => string): { value: string; created: boolean } {
  if (existsSync(path)) return { value: readFileSync(path, 'utf8').trim(), created: false };
  writeFileSync(path, create() + '\n', { mode: 0o600, flag: 'wx' });
  chmodSync(path, 0o600);
  return { value: readFileSync(path, 'utf8').trim(), created: true };
}

/** The master key from the environment, or from `master.key` (generated on first use). */
export function loadMasterKey(dataDir: string, fromEnv: string | undefined): { key: Buffer; generated: boolean; source: 'env' | 'file' } {
  if (fromEnv) return { key: Buffer.from(fromEnv, 'base64'), generated: false, source: 'env' };
  ensureDir(dataDir);
  const { value, created } = readOrCreateSecretFile(join(dataDir, 'master.key'), () => randomBytes(32).toString('base64'));
  return { key: Buffer.from(value, 'base64'), generated: created, source: 'file' };
}

export function operatorSecretPath(dataDir: string): string {
  return join(dataDir, 'operator.secret');
}

/** The operator secret; created on first call with mode 0600. */
export function loadOperatorSecret(dataDir: string): string {
  ensureDir(dataDir);
  return readOrCreateSecretFile(operatorSecretPath(dataDir), () => randomBytes(32).toString('base64url')).value;
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function lockPath(dataDir: string): string {
  return join(dataDir, 'server.lock');
}

/** The live holder of the data directory, if any. A lock left by a dead process is ignored. */
export function readLock(dataDir: string): ServerLock | undefined {
  const path = lockPath(dataDir);
  if (!existsSync(path)) return undefined;
  try {
    const lock = JSON.parse(readFileSync(path, 'utf8')) as ServerLock;
    return typeof lock.pid === 'number' && isProcessAlive(lock.pid) && lock.pid !== process.pid ? lock : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the data directory for this process. Throws DataDirLockedError when a live process holds it.
 * Returns a release function. A lock left by a dead process is replaced.
 */
export function acquireLock(dataDir: string, url: string): { release(): void; update(url: string): void } {
  ensureDir(dataDir);
  const path = lockPath(dataDir);
  const holder = readLock(dataDir);
  if (holder) throw new DataDirLockedError(dataDir, holder);
  if (existsSync(path)) rmSync(path, { force: true });
  const write = (u: string, flag: 'wx' | 'w') =>
    writeFileSync(path, JSON.stringify({ pid: process.pid, url: u, startedAt: new Date().toISOString() } satisfies ServerLock), { mode: 0o600, flag });
  try {
    write(url, 'wx');
  } catch (error) {
    // Another process created it between our check and our write.
    const other = readLock(dataDir);
    if (other) throw new DataDirLockedError(dataDir, other);
    throw error;
  }
  return {
    update: (u: string) => write(u, 'w'),
    release: () => {
      try {
        const lock = JSON.parse(readFileSync(path, 'utf8')) as ServerLock;
        if (lock.pid === process.pid) rmSync(path, { force: true });
      } catch {
        // already gone
      }
    },
  };
}

export function fileMode(path: string): number {
  return statSync(path).mode & 0o777;
}
