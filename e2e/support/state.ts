// What global-setup started, for global-teardown. Both run in the Playwright runner process; the handles live
// on globalThis (not module state) so they survive the two files being loaded separately.
export type E2eState = {
  serverPid: number;
  serverExited: Promise<void>;
  isServerRunning: () => boolean;
  serverOutput: () => string;
  /** The server's error-level log lines that no test has judged (logged after the last test, or between tests). */
  uncheckedServerErrors: () => string[];
  closeSink: () => Promise<void>;
  closeMailbox: () => Promise<void>;
  /** Stops the OpenID Connect stand-in that plays Google and the Discord stand-in (e2e/support/oidc.ts). */
  closeOidc: () => Promise<void>;
  tmpDir: string;
};

const key = Symbol.for('keepsake.e2e.state');
type Holder = { [key]?: E2eState | undefined };

export function setState(state: E2eState | undefined): void {
  (globalThis as Holder)[key] = state;
}

export function getState(): E2eState | undefined {
  return (globalThis as Holder)[key];
}
