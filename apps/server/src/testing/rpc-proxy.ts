import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * `forward`: pass every JSON-RPC call through; `hold-sends`: swallow eth_sendRawTransaction (never answered,
 * never forwarded) as if the process died while sending; `hold-receipts`: forward sends but never answer
 * receipt lookups, as if it died before it saw the transaction mined.
 */
export type RpcProxyMode = 'forward' | 'hold-sends' | 'hold-receipts';

/** A real HTTP JSON-RPC proxy in front of a devnet, for crash tests: it records sends and can hold calls. */
export async function startRpcProxy(target: string) {
  let mode: RpcProxyMode = 'forward';
  const held: ServerResponse[] = [];
  const sent: Array<{ raw: string; forwarded: boolean }> = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const calls = ([] as Array<{ method?: string; params?: unknown[] }>).concat(JSON.parse(body || '{}') as never);
      const methods = calls.map((call) => call.method);
      const sends = calls.filter((call) => call.method === 'eth_sendRawTransaction').map((call) => String(call.params?.[0]));
      const hold = (mode === 'hold-sends' && sends.length > 0) || (mode === 'hold-receipts' && methods.includes('eth_getTransactionReceipt'));
      for (const raw of sends) sent.push({ raw, forwarded: !hold });
      if (hold) {
        held.push(response);
        return;
      }
      fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        .then(async (answer) => response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text()))
        .catch(() => response.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setMode(next: RpcProxyMode) {
      mode = next;
    },
    /** Every raw transaction a client tried to send through the proxy, and whether it went on. */
    sent,
    /** Calls held so far. */
    heldCount: () => held.length,
    async close() {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
