import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postWebhook, responseSnippetBytes } from './http-delivery.ts';
import { guardedLookup } from './url-policy.ts';

let server: Server;
let base: string;
const received: Array<{ headers: IncomingMessage['headers']; body: string }> = [];
const routes: Record<string, (res: ServerResponse) => void> = {
  '/ok': (res) => res.writeHead(204).end(),
  '/fail': (res) => res.writeHead(500, { 'content-type': 'text/plain' }).end('database on fire'),
  '/redirect': (res) => res.writeHead(302, { location: '/ok' }).end(),
  '/big': (res) => res.writeHead(200).end('x'.repeat(100_000)),
  '/slow': (res) => setTimeout(() => res.writeHead(200).end('late'), 1_000),
  '/stall-body': (res) => {
    res.writeHead(200);
    res.write('partial');
  },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      (routes[req.url ?? ''] ?? ((r: ServerResponse) => r.writeHead(404).end()))(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const options = { timeoutMs: 300, lookup: guardedLookup({ devMode: true }) };

describe('postWebhook', () => {
  it('posts the body with its headers and counts a 2xx as success', async () => {
    const outcome = await postWebhook(`${base}/ok`, '{"a":1}', { 'svix-id': 'msg_1' }, options);
    expect(outcome).toMatchObject({ succeeded: true, responseStatus: 204, responseBody: '', error: null });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(0);
    const last = received.at(-1)!;
    expect(last.body).toBe('{"a":1}');
    expect(last.headers).toMatchObject({ 'svix-id': 'msg_1', 'content-type': 'application/json', 'user-agent': 'Keepsake-Webhooks/1.0' });
  });

  it('records a non-2xx answer as a failure with its status and body', async () => {
    expect(await postWebhook(`${base}/fail`, '{}', {}, options)).toMatchObject({
      succeeded: false,
      responseStatus: 500,
      responseBody: 'database on fire',
      error: 'HTTP 500',
    });
  });

  it('does not follow redirects', async () => {
    const before = received.length;
    expect(await postWebhook(`${base}/redirect`, '{}', {}, options)).toMatchObject({ succeeded: false, responseStatus: 302 });
    expect(received.length).toBe(before + 1);
  });

  it('keeps only the start of a large response', async () => {
    const outcome = await postWebhook(`${base}/big`, '{}', {}, options);
    expect(outcome.succeeded).toBe(true);
    expect(outcome.responseBody).toHaveLength(responseSnippetBytes);
  });

  it('fails an attempt that outlives the timeout, waiting for the answer or for the body', async () => {
    for (const path of ['/slow', '/stall-body']) {
      const outcome = await postWebhook(`${base}${path}`, '{}', {}, options);
      expect(outcome, path).toMatchObject({ succeeded: false, error: 'Timed out after 300 ms' });
      expect(outcome.durationMs).toBeGreaterThanOrEqual(290);
    }
  });

  it('reports a refused connection', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const outcome = await postWebhook(`http://127.0.0.1:${port}/`, '{}', {}, options);
    expect(outcome).toMatchObject({ succeeded: false, responseStatus: null });
    expect(outcome.error).toMatch(/^Connection refused/);
  });

  it('never connects to a host name that resolves to a blocked address outside dev mode', async () => {
    const before = received.length;
    const url = `${base.replace('127.0.0.1', 'localhost')}/ok`;
    const outcome = await postWebhook(url, '{}', {}, { timeoutMs: 1_000, lookup: guardedLookup({ devMode: false }) });
    expect(outcome).toMatchObject({ succeeded: false, responseStatus: null });
    expect(outcome.error).toMatch(/^Address not allowed: localhost resolves to/);
    expect(received.length).toBe(before);
  });
});
