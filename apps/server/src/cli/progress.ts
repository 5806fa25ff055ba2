/** Where progress goes: stderr, which may or may not be a terminal. */
export type ProgressStream = { write(text: string): unknown; isTTY?: boolean; columns?: number };

/** `[##########··········] 50/100  2 failed`: one line, `width` cells of bar. */
export function renderBar(done: number, total: number, failed: number, width = 30): string {
  const filled = total === 0 ? width : Math.round((done / total) * width);
  const bar = '#'.repeat(filled) + '·'.repeat(width - filled);
  return `[${bar}] ${done}/${total}${failed > 0 ? `  ${failed} failed` : ''}`;
}

/**
 * Progress of `total` steps on `stream`. On a terminal: one line, redrawn in place at most every 50 ms. Elsewhere
 * (a pipe, a log file, CI): a plain line at each tenth of the way, so logs stay readable.
 */
export function createProgress(label: string, total: number, stream: ProgressStream) {
  let done = 0;
  let failed = 0;
  let drawnAt = 0;
  let lastTenth = -1;
  const draw = () => {
    const width = Math.max(10, Math.min(40, (stream.columns ?? 80) - label.length - 30));
    stream.write(`\r${label} ${renderBar(done, total, failed, width)}\x1b[K`);
  };
  return {
    /** One step finished, `ok` or not. */
    step(ok: boolean) {
      done++;
      if (!ok) failed++;
      if (stream.isTTY) {
        if (Date.now() - drawnAt >= 50 || done === total) {
          drawnAt = Date.now();
          draw();
        }
        return;
      }
      const tenth = Math.floor((done / total) * 10);
      if (tenth !== lastTenth) {
        lastTenth = tenth;
        stream.write(`${label} ${done}/${total}${failed > 0 ? ` (${failed} failed)` : ''}\n`);
      }
    },
    /** Ends the terminal's progress line. */
    finish() {
      if (stream.isTTY) {
        draw();
        stream.write('\n');
      }
    },
  };
}
