import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export type RecordedRequest = { method: string; url: string; headers: IncomingMessage['headers']; body: string };

/**
 * A local HTTP server standing in for a third party's cloud (Twilio, a breached-password range API) in tests.
 * It records every request and answers with `respond`.
 */
export async function startHttpStandIn(respond: (request: RecordedRequest) => { status: number; body: string; contentType?: string }) {
  const requests: RecordedRequest[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(recorded);
      const answer = respond(recorded);
      res.writeHead(answer.status, { 'content-type': answer.contentType ?? 'application/json' });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
