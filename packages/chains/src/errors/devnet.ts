import { ChainsError } from './base.ts';

/** The anvil binary for this platform is not installed (npm installs it as an optional dependency). */
export class DevnetBinaryMissingError extends ChainsError {
  override name = 'DevnetBinaryMissingError';
  constructor(platformPackage: string, cause?: unknown) {
    super(`The local devnet needs ${platformPackage}, which is not installed.`, {
      cause,
      metaMessages: ['Run `npm ci` (it installs the anvil binary for this platform), or set CHAIN_DEVNET_RPC_URL to a running node.'],
    });
  }
}

/** anvil exited or did not become ready. */
export class DevnetStartError extends ChainsError {
  override name = 'DevnetStartError';
  constructor(reason: string, output: string) {
    super(`The local devnet did not start: ${reason}.`, { details: output.trim().split('\n').slice(-15).join('\n') });
  }
}

/** Another live process holds the devnet's state directory. */
export class DevnetLockedError extends ChainsError {
  override name = 'DevnetLockedError';
  constructor(dir: string, pid: number) {
    super(`Another process (pid ${pid}) runs the devnet in ${dir}.`, {
      metaMessages: ['Stop it first, use another KEEPSAKE_DATA_DIR, or set CHAIN_DEVNET_RPC_URL to share one devnet.'],
    });
  }
}
