// A small closed-loop HTTP load generator for the benchmarks: `concurrency` workers on keep-alive connections,
// each sending its next request as soon as the previous one answered. Latencies are kept whole (no sampling).
import { connect, type Socket } from 'node:net';

export type BenchRequest = { method: string; path: string; headers?: Record<string, string>; body?: string };
export type BenchResponse = { status: number; body: string };
export type LoadResult = { requests: number; errors: number; seconds: number; perSecond: number; p50: number; p99: number; max: number };

/** The `q` quantile (0..1) of sorted millisecond latencies. */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** One keep-alive HTTP/1.1 connection that sends a request and reads its answer (Content-Length bodies only). */
class Connection {
  private readonly socket: Socket;
  private buffer: Buffer = Buffer.alloc(0);
  private pending: { resolve(res: BenchResponse): void; reject(error: Error): void } | undefined;
  closed = false;

  constructor(host: string, port: number) {
    this.socket = connect({ host, port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
      this.parse();
    });
    const fail = (error: Error) => {
      this.closed = true;
      this.pending?.reject(error);
      this.pending = undefined;
    };
    this.socket.on('error', fail);
    this.socket.on('close', () => fail(new Error('connection closed')));
  }

  send(head: string, body: Buffer | undefined): Promise<BenchResponse> {
    return new Promise((resolve, reject) => {
      // A destroyed socket drops the write without an error event: the answer would never come.
      if (this.closed) return reject(new Error('connection closed'));
      this.pending = { resolve, reject };
      this.socket.write(body ? Buffer.concat([Buffer.from(head), body]) : head);
    });
  }

  private parse() {
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end < 0 || !this.pending) return;
    const head = this.buffer.toString('latin1', 0, end);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!length) {
      this.pending.reject(new Error(`no content-length in ${head.split('\r\n')[0]}`));
      this.socket.destroy();
      return;
    }
    const total = end + 4 + Number(length[1]);
    if (this.buffer.length < total) return;
    const status = Number(head.slice(9, 12));
    const body = this.buffer.toString('utf8', end + 4, total);
    this.buffer = this.buffer.subarray(total);
    const pending = this.pending;
    this.pending = undefined;
    pending.resolve({ status, body });
  }

  close() {
    this.closed = true;
    this.socket.destroy();
  }
}

/**
 * A lean keep-alive client: at most `maxConnections` connections, one request in flight on each. Lighter than
 * node:http's client, so that the load generator, which shares the machine's cores with the server, takes less
 * of them from what it measures.
 */
export function createClient(baseUrl: string, maxConnections: number) {
  const url = new URL(baseUrl);
  const idle: Connection[] = [];
  const waiting: Array<(connection: Connection) => void> = [];
  let opened = 0;
  const all: Connection[] = [];
  const acquire = (): Promise<Connection> => {
    let ready = idle.pop();
    // The server closes connections idle longer than its keep-alive timeout (a bench pausing between steps).
    while (ready?.closed) {
      opened--;
      ready = idle.pop();
    }
    if (ready) return Promise.resolve(ready);
    if (opened < maxConnections) {
      opened++;
      const connection = new Connection(url.hostname, Number(url.port));
      all.push(connection);
      return Promise.resolve(connection);
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  const release = (connection: Connection) => {
    if (connection.closed) {
      opened--;
      return;
    }
    const next = waiting.shift();
    if (next) next(connection);
    else idle.push(connection);
  };
  async function send(req: BenchRequest): Promise<BenchResponse> {
    const body = req.body === undefined ? undefined : Buffer.from(req.body);
    let head = `${req.method} ${req.path} HTTP/1.1\r\nhost: ${url.host}\r\n`;
    for (const [name, value] of Object.entries(req.headers ?? {})) head += `${name}: ${value}\r\n`;
    if (body) head += `${req.headers?.['content-type'] ? '' : 'content-type: application/json\r\n'}content-length: ${body.length}\r\n`;
    head += '\r\n';
    const connection = await acquire();
    try {
      return await connection.send(head, body);
    } finally {
      release(connection);
    }
  }
  return { send, close: () => all.forEach((connection) => connection.close()) };
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
