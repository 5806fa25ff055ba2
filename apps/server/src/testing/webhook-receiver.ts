import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedWebhook = { path: string; headers: Record<string, string>; body: string; receivedAt: number };

/** How the receiver answers one request. */
export type ReceiverReply = { status?: number; delayMs?: number; body?: string };

/**
 * A real HTTP server on 127.0.0.1 that records every webhook it receives, for tests. Each path answers
 * 200 unless `reply(path, …)` scripts it: a list of replies is used in turn, and its last one repeats.
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const scripts = new Map<string, ReceiverReply[]>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));
      received.push({ path, headers, body: Buffer.concat(chunks).toString('utf8'), receivedAt: Date.now() });
      const script = scripts.get(path) ?? [];
      const reply = (script.length > 1 ? script.shift() : script[0]) ?? {};
      const send = () => {
        if (!response.destroyed) response.writeHead(reply.status ?? 200, { 'content-type': 'text/plain' }).end(reply.body ?? 'ok');
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const at = (path: string) => received.filter((r) => r.path === path);
  return {
    /** `http://127.0.0.1:<port>` */
    url,
    received,
    at,
    reply(path: string, replies: ReceiverReply[]) {
      scripts.set(path, [...replies]);
    },
    /** Resolves once `path` has received `count` requests; rejects after `timeoutMs`. */
    async waitFor(path: string, count = 1, timeoutMs = 15_000): Promise<ReceivedWebhook[]> {
      const deadline = Date.now() + timeoutMs;
      while (at(path).length < count) {
        if (Date.now() > deadline) throw new Error(`${path} received ${at(path).length} of ${count} webhooks within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return at(path);
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
