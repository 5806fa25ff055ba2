// Password scoring must never hold the event loop: a public token is all it takes to call strength_check, and
// zxcvbn spends 0.3–2 s of CPU on one password. While 8 clients hammer strength_check with long passwords, the
// server must keep answering another endpoint quickly. This asserts a latency bound on a different endpoint,
// which is how "the event loop is not blocked" shows from the outside: with scoring on the event loop,
// /api/health waited seconds (8.9 s with four callers).
//
// Two measures, because this machine is shared. The server runs in this process, so the test can read the CPU
// time of the event-loop thread itself: the CPU the loop spent while each health request was outstanding is
// what blocking is made of, and it does not depend on what other processes do (a blocked loop spends a whole
// zxcvbn check, hundreds of milliseconds; a free one, a few). Wall-clock latency also counts the time the
// operating system gives to other processes: with a load average of 12 on 2 cores, the fixed server's p99 reached
// 170 ms while its median stayed at 1 ms. So wall-clock time is bounded at the median (100 ms) and at the p99
// with room for a busy machine (1 s, still below a single blocked check of a 256-digit password, 2–3 s here).
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/harness.ts';
import { basicAuth } from '../../testing/sdk.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_OTP_PER_IP: '100000' } });
});
afterAll(() => server?.close());

const CLIENTS = 8;
const HEALTH_SAMPLES = 150;
const MAX_MEASURE_MS = 30_000;

const longDigits = () => Array.from({ length: 256 }, () => String(randomInt(10))).join('');
const percentile = (sorted: number[], p: number) => sorted[Math.ceil(sorted.length * p) - 1]!;
const threadCpuMs = () => {
  const usage = process.threadCpuUsage();
  return (usage.user + usage.system) / 1000;
};

it('issue 10: /api/health is not held up (p99 under 100 ms of event-loop time) while 8 clients hammer strength_check with long passwords', async () => {
  const authorization = basicAuth((await server.services.identity.platformTenant()).publicToken);
  // Checks queue behind each other on the pool's thread; on a busy 2-core machine one waits several seconds.
  // Plain fetch, so that the clients' pending calls can be dropped when sampling ends.
  const stopped = new AbortController();
  const strengthCheck = () =>
    fetch(`${server.url}/sdk/v1/passwords/strength_check`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ password: longDigits() }),
      signal: stopped.signal,
    });
  // One check first: the pool's thread and the breach list load once per process, not per request.
  expect((await strengthCheck()).status).toBe(200);

  let checked = 0;
  const statuses = new Set<number>();
  const hammer = async () => {
    while (!stopped.signal.aborted) {
      const res = await strengthCheck();
      await res.arrayBuffer();
      statuses.add(res.status);
      checked++;
    }
  };
  const clients = Array.from({ length: CLIENTS }, hammer);

  // Sample (every 10 ms, as a monitor would) at least HEALTH_SAMPLES times and until checks have completed during the
  // sampling, or for 30 s at most. Every client keeps a check queued or running throughout.
  const wall: number[] = [];
  const loopCpu: number[] = [];
  const started = performance.now();
  try {
    while ((wall.length < HEALTH_SAMPLES || checked < 2) && performance.now() - started < MAX_MEASURE_MS) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      const [at, cpu] = [performance.now(), threadCpuMs()];
      const res = await server.request('/api/health', { timeoutMs: MAX_MEASURE_MS });
      wall.push(performance.now() - at);
      loopCpu.push(threadCpuMs() - cpu);
      expect(res.status).toBe(200);
    }
  } finally {
    stopped.abort();
    await Promise.allSettled(clients);
  }

  // The load was real: checks kept completing while health was measured, and every one was answered 200.
  expect(checked).toBeGreaterThanOrEqual(2);
  expect([...statuses]).toEqual([200]);
  wall.sort((a, b) => a - b);
  loopCpu.sort((a, b) => a - b);
  const slowest = (values: number[]) =>
    values
      .slice(-5)
      .map((v) => v.toFixed(1))
      .join(', ');
  expect(percentile(loopCpu, 0.99), `event-loop CPU per health request (ms), highest: ${slowest(loopCpu)}`).toBeLessThan(100);
  expect(percentile(wall, 0.5), `health latency (ms), median`).toBeLessThan(100);
  expect(percentile(wall, 0.99), `health latency (ms), slowest: ${slowest(wall)}`).toBeLessThan(1_000);
}, 180_000);
