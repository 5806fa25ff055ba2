// Stops what global-setup started: the server's whole process group (SIGTERM, then SIGKILL after 10 s), the
// SMTP sink and its JSON endpoint; then removes the temp data dir. Fails the run if the server logged an error-level
// line that no test judged (one logged after the last test, or at shutdown): see `serverErrors` in e2e/fixtures.ts.
import { rmSync } from 'node:fs';
import { getState, setState } from './support/state.ts';

const STOP_TIMEOUT_MS = 10_000;

function signalGroup(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false; // already gone
  }
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

export default async function globalTeardown(): Promise<void> {
  const state = getState();
  const pid = state?.serverPid ?? Number(process.env.KEEPSAKE_E2E_SERVER_PID ?? 0);
  const tmpDir = state?.tmpDir ?? process.env.KEEPSAKE_E2E_TMP_DIR;

  if (state && !state.isServerRunning()) {
    process.stderr.write(`[e2e] the server had stopped before teardown; its last output:\n${state.serverOutput()}\n`);
  }
  if (pid > 0 && signalGroup(pid, 'SIGTERM')) {
    const deadline = Date.now() + STOP_TIMEOUT_MS;
    if (state) await Promise.race([state.serverExited, new Promise((resolve) => setTimeout(resolve, STOP_TIMEOUT_MS))]);
    while (groupAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    if (groupAlive(pid)) signalGroup(pid, 'SIGKILL');
  }
  await state?.closeMailbox().catch(() => undefined);
  await state?.closeSink().catch(() => undefined);
  await state?.closeOidc().catch(() => undefined);
  if (tmpDir) rmSync(tmpDir, { recursive: true, force: true });
  setState(undefined);
  const unchecked = state?.uncheckedServerErrors() ?? [];
  if (unchecked.length > 0) {
    throw new Error(`[e2e] the server logged ${unchecked.length} error-level line(s) outside any test:\n  ${unchecked.join('\n  ')}`);
  }
}
