// A small closed-loop HTTP load generator for the benchmarks: `concurrency` workers on keep-alive connections,
// each sending its next request as soon as the previous one answered. Latencies are kept whole (no sampling).
import { Agent, request as httpRequest } from 'node:http';

export type BenchRequest = { method: string; path: string; headers?: Record<string, string>; body?: string };
export type BenchResponse = { status: number; body: string };
export type LoadResult = { requests: number; errors: number; seconds: number; perSecond: number; p50: number; p99: number; max: number };

/** The `q` quantile (0..1) of sorted millisecond latencies. */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export function createClient(baseUrl: string, maxSockets: number) {
  const url = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets });
  function send(req: BenchRequest): Promise<BenchResponse> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = { ...req.headers };
      if (req.body !== undefined) {
        headers['content-type'] ??= 'application/json';
        headers['content-length'] = String(Buffer.byteLength(req.body));
      }
      const outgoing = httpRequest({ agent, hostname: url.hostname, port: url.port, method: req.method, path: req.path, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      });
      outgoing.on('error', reject);
      outgoing.end(req.body);
    });
  }
  return { send, close: () => agent.destroy() };
}

export type Client = ReturnType<typeof createClient>;

/** Runs `next(i)` requests from `concurrency` workers for `durationMs`; a status other than `okStatus` counts as an error. */
export async function runFor(
  client: Client,
  options: {
    concurrency: number;
    durationMs: number;
    okStatus?: number;
    next: (i: number) => BenchRequest;
    /** Stop early once this is true. */ until?: () => boolean;
  },
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let issued = 0;
  const started = performance.now();
  const deadline = started + options.durationMs;
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (performance.now() < deadline && !options.until?.()) {
        const req = options.next(issued++);
        const t0 = performance.now();
        try {
          const res = await client.send(req);
          if (res.status !== (options.okStatus ?? 200)) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return summarise(latencies, errors, (performance.now() - started) / 1000);
}

/** Runs `work(item)` for every item with at most `concurrency` in flight; returns each item's latency (ms) and result. */
export async function runEach<T, R>(
  items: T[],
  concurrency: number,
  work: (item: T) => Promise<R>,
): Promise<{ results: R[]; latencies: number[]; seconds: number }> {
  const results: R[] = new Array<R>(items.length);
  const latencies: number[] = new Array<number>(items.length);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const i = next++;
        const t0 = performance.now();
        results[i] = await work(items[i]!);
        latencies[i] = performance.now() - t0;
      }
    }),
  );
  return { results, latencies, seconds: (performance.now() - started) / 1000 };
}

export function summarise(latencies: number[], errors: number, seconds: number): LoadResult {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    seconds,
    perSecond: latencies.length / seconds,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}
