// Starts the local EVM devnet: anvil (from the @foundry-rs/anvil npm packages, no download at run time)
// under a guardian process that stops it when this process dies. Persistent devnets keep their state in
// `<stateDir>/state.json` (dumped periodically and on exit) and hold `<stateDir>/devnet.lock`.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { devnetChainId } from '../definitions/devnet.ts';
import { DevnetBinaryMissingError, DevnetLockedError, DevnetStartError } from '../errors/devnet.ts';

const require = createRequire(import.meta.url);
const guardianPath = fileURLToPath(new URL('./guardian.ts', import.meta.url));

export type StartDevnetParameters = {
  /** A throwaway chain (tests): no state on disk. Otherwise `stateDir` is required. */
  ephemeral?: boolean;
  /** Where the state and the lock live (`$KEEPSAKE_DATA_DIR/devnet`). */
  stateDir?: string;
  /** Port to listen on; 0 picks a free one. Default 0. */
  port?: number;
  /** Interface to listen on. Default 127.0.0.1. */
  host?: string;
  /** Seconds between blocks; 0 (default) mines each transaction at once. */
  blockTimeSeconds?: number;
  /** Seconds between state dumps of a persistent devnet. Default 5. */
  dumpIntervalSeconds?: number;
  /** Block gas limit. Default anvil's 30,000,000. */
  gasLimit?: bigint;
  /**
   * The base fee per gas of the next block. Default anvil's 1 gwei, which then follows EIP-1559: up by ~12% after
   * every block fuller than half. 0 keeps it at 0 whatever the blocks hold (until `anvil_setNextBlockBaseFeePerGas`).
   */
  baseFeePerGas?: bigint;
  /** How long to wait for anvil to listen. Default 15 s. */
  timeoutMs?: number;
};

export type Devnet = {
  chainId: number;
  rpcUrl: string;
  /** anvil's pid. */
  pid: number;
  /** The guardian's pid. */
  guardianPid: number;
  /** Where the state is kept; undefined for an ephemeral devnet. */
  stateFile: string | undefined;
  /** Milliseconds from the call to a listening chain. */
  startedInMs: number;
  /** Stops anvil (which dumps its state first) and waits for it. */
  stop(): Promise<void>;
};

export type StartDevnetReturnType = Devnet;
export type StartDevnetErrorType = DevnetBinaryMissingError | DevnetStartError | DevnetLockedError;

/** The anvil binary that npm installed for this platform. */
export function anvilBinaryPath(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const platformPackage = `@foundry-rs/anvil-${process.platform}-${arch}`;
  const binary = process.platform === 'win32' ? 'anvil.exe' : 'anvil';
  try {
    const path = require.resolve(`${platformPackage}/bin/${binary}`);
    if (existsSync(path)) return path;
  } catch (error) {
    throw new DevnetBinaryMissingError(platformPackage, error);
  }
  throw new DevnetBinaryMissingError(platformPackage);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

type LockFile = { pid: number; guardianPid?: number };

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

/**
 * Takes `<stateDir>/devnet.lock` for this process. A live holder is refused; a dead holder whose guardian
 * still runs (it is stopping anvil, which is dumping the state: the server was killed a moment ago) is
 * waited for, so that two anvils never share one state file.
 */
async function lockStateDir(stateDir: string): Promise<{ setGuardian(pid: number): void; release(): void }> {
  const path = join(stateDir, 'devnet.lock');
  if (existsSync(path)) {
    let holder: LockFile | undefined;
    try {
      holder = JSON.parse(readFileSync(path, 'utf8')) as LockFile;
    } catch {
      holder = undefined; // unreadable: left half-written by a crash
    }
    if (holder && holder.pid !== process.pid && isAlive(holder.pid)) throw new DevnetLockedError(stateDir, holder.pid);
    if (holder?.guardianPid && !(await waitForExit(holder.guardianPid, 30_000))) throw new DevnetLockedError(stateDir, holder.guardianPid);
    rmSync(path, { force: true });
  }
  const write = (lock: LockFile, flag: 'wx' | 'w') => writeFileSync(path, JSON.stringify(lock), { flag, mode: 0o600 });
  write({ pid: process.pid }, 'wx');
  return {
    setGuardian: (guardianPid) => write({ pid: process.pid, guardianPid }, 'w'),
    release() {
      try {
        if ((JSON.parse(readFileSync(path, 'utf8')) as LockFile).pid === process.pid) rmSync(path, { force: true });
      } catch {
        // already gone
      }
    },
  };
}

/**
 * Starts a devnet (chain id 31337) and resolves when it answers RPC.
 *
 * @example
 * const devnet = await startDevnet({ ephemeral: true });
 * // … createPublicClient({ transport: http(devnet.rpcUrl) }) …
 * await devnet.stop();
 *
 * @example
 * const devnet = await startDevnet({ stateDir: '.keepsake/devnet', port: 8545 });
 */
export async function startDevnet(parameters: StartDevnetParameters = {}): Promise<StartDevnetReturnType> {
  const started = performance.now();
  const binary = anvilBinaryPath();
  const { ephemeral = false, port = 0, host = '127.0.0.1', blockTimeSeconds = 0, dumpIntervalSeconds = 5, timeoutMs = 15_000 } = parameters;
  if (!ephemeral && !parameters.stateDir) throw new DevnetStartError('a persistent devnet needs a state directory', '');
  const args = ['--host', host, '--port', String(port), '--chain-id', String(devnetChainId), '--accounts', '0'];
  if (blockTimeSeconds > 0) args.push('--block-time', String(blockTimeSeconds));
  if (parameters.gasLimit !== undefined) args.push('--gas-limit', parameters.gasLimit.toString());
  if (parameters.baseFeePerGas !== undefined) args.push('--base-fee', parameters.baseFeePerGas.toString());
  let stateFile: string | undefined;
  let lock: Awaited<ReturnType<typeof lockStateDir>> | undefined;
  if (!ephemeral && parameters.stateDir) {
    mkdirSync(parameters.stateDir, { recursive: true, mode: 0o700 });
    lock = await lockStateDir(parameters.stateDir);
    stateFile = join(parameters.stateDir, 'state.json');
    args.push('--state', stateFile, '--state-interval', String(dumpIntervalSeconds));
  }

  const guardian = spawn(
    process.execPath,
    ['--experimental-strip-types', '--disable-warning=ExperimentalWarning', guardianPath, JSON.stringify({ binary, args, parentPid: process.pid })],
    // Its own process group: a Ctrl-C in the terminal reaches the server, which stops the devnet in order.
    { stdio: ['pipe', 'pipe', 'pipe'], detached: true },
  );
  const exited = new Promise<void>((resolve) => guardian.once('exit', () => resolve()));
  if (guardian.pid) lock?.setGuardian(guardian.pid);
  let guardianOutput = '';
  guardian.stderr.on('data', (chunk: Buffer) => (guardianOutput = (guardianOutput + chunk.toString()).slice(-8_000)));

  let ready: { listening: string; pid: number };
  try {
    ready = await new Promise<{ listening: string; pid: number }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new DevnetStartError(`anvil did not listen within ${timeoutMs} ms`, guardianOutput)), timeoutMs);
      let buffer = '';
      guardian.stdout.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        const line = buffer.split('\n')[0];
        if (!buffer.includes('\n') || !line) return;
        clearTimeout(timer);
        const message = JSON.parse(line) as { listening?: string; pid?: number; exited?: unknown; error?: string; output?: string };
        if (message.listening && message.pid) resolve({ listening: message.listening, pid: message.pid });
        else reject(new DevnetStartError(message.error ?? `anvil exited with ${String(message.exited)}`, message.output ?? ''));
      });
      guardian.once('exit', (code) => {
        clearTimeout(timer);
        reject(new DevnetStartError(`the guardian exited with ${code}`, guardianOutput));
      });
    });
  } catch (error) {
    guardian.kill('SIGTERM');
    await exited;
    lock?.release();
    throw error;
  }
  // Neither end keeps this process alive; the stdin pipe stays open until this process exits or stops it.
  guardian.unref();
  guardian.stdout.destroy();
  guardian.stderr.destroy();
  (guardian.stdin as unknown as { unref?: () => void }).unref?.();

  let stopped: Promise<void> | undefined;
  return {
    chainId: devnetChainId,
    rpcUrl: `http://${ready.listening}`,
    pid: ready.pid,
    guardianPid: guardian.pid!,
    stateFile,
    startedInMs: performance.now() - started,
    stop() {
      stopped ??= (async () => {
        if (guardian.exitCode === null && guardian.signalCode === null) {
          guardian.ref(); // keep this process alive until anvil has dumped its state
          guardian.kill('SIGTERM');
          const hard = setTimeout(() => {
            guardian.kill('SIGKILL');
            if (isAlive(ready.pid)) process.kill(ready.pid, 'SIGKILL');
          }, 25_000);
          await exited;
          clearTimeout(hard);
        }
        lock?.release();
      })();
      return stopped;
    },
  };
}
