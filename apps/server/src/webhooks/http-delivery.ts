import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';

/** How much of a response body an attempt keeps for the console. */
export const responseSnippetBytes = 2048;

export type AttemptOutcome = {
  /** A 2xx answer. Anything else, a timeout or a connection error is a failed attempt. */
  succeeded: boolean;
  responseStatus: number | null;
  responseBody: string;
  durationMs: number;
  error: string | null;
};

function describeError(error: unknown, timeoutMs: number, timedOut: boolean): string {
  if (timedOut) return `Timed out after ${timeoutMs} ms`;
  const e = error as NodeJS.ErrnoException;
  const known: Record<string, string> = {
    ECONNREFUSED: 'Connection refused',
    ECONNRESET: 'Connection reset',
    ENOTFOUND: 'Host not found',
    EAI_AGAIN: 'Host name lookup failed',
    EHOSTUNREACH: 'Host unreachable',
    ENETUNREACH: 'Network unreachable',
    EADDRBLOCKED: 'Address not allowed',
    CERT_HAS_EXPIRED: 'TLS certificate has expired',
    DEPTH_ZERO_SELF_SIGNED_CERT: 'TLS certificate is self-signed',
  };
  const label = e.code ? (known[e.code] ?? e.code) : 'Request failed';
  return `${label}: ${e.message}`.slice(0, 500);
}

/**
 * POSTs one webhook body and reports what happened; never throws. Redirects are not followed (a 3xx is a
 * failed attempt). `timeoutMs` bounds the whole exchange: connecting, the response and reading its start.
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; lookup: LookupFunction },
): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    let timedOut = false;
    const finish = (outcome: Omit<AttemptOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, durationMs: elapsed() });
    };
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(target, {
      method: 'POST',
      lookup: options.lookup,
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'Keepsake-Webhooks/1.0',
      },
    });
    const timer = setTimeout(() => {
      timedOut = true;
      req.destroy(new Error('timeout'));
    }, options.timeoutMs);
    req.on('error', (error) => finish({ succeeded: false, responseStatus: null, responseBody: '', error: describeError(error, options.timeoutMs, timedOut) }));
    req.on('response', (res: IncomingMessage) => {
      const status = res.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let size = 0;
      const done = (error: string | null) => {
        const snippet = Buffer.concat(chunks).subarray(0, responseSnippetBytes).toString('utf8');
        const ok = status >= 200 && status < 300;
        finish({ succeeded: ok && !timedOut, responseStatus: status, responseBody: snippet, error: error ?? (ok ? null : `HTTP ${status}`) });
        res.destroy();
      };
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= responseSnippetBytes) done(null);
      });
      res.on('end', () => done(null));
      res.on('error', () => done(timedOut ? `Timed out after ${options.timeoutMs} ms` : null));
      res.on('close', () => done(timedOut ? `Timed out after ${options.timeoutMs} ms` : null));
    });
    req.end(body);
  });
}
