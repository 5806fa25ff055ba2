// The process's logger (pino). Production writes JSON lines, one per entry, for a log pipeline. Dev mode writes
// them through pino-pretty, in process and synchronously, as one readable line each, and a request is one line
// (method, URL, status, time) instead of Fastify's two JSON entries (a Fastify LogController). Redaction happens in
// pino, before either format, so what is redacted in production is redacted in dev mode too: the `redact` paths
// (fields), the request and error serializers (URLs), and a last pass over each JSON line (credentials by their
// prefix, card numbers).
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from '../config.ts';
import { redactLogLine, redactUrl, serializeError } from './log-redaction.ts';

/** pino-pretty on stdout, synchronously: time, level, message and any other fields on one line (colours on a terminal). */
function prettyStdout() {
  return pretty({
    destination: 1,
    sync: true,
    translateTime: 'SYS:HH:MM:ss.l',
    singleLine: true,
    ignore: 'pid,hostname,reqId',
  });
}

/**
 * The process's logger for `LOG_LEVEL` and `LOG_FORMAT`, censoring the `redact` paths in either format, the URLs
 * in errors, and credentials and card numbers anywhere in a line (`destination`: tests capture the JSON lines).
 */
export function createLogger(config: Pick<Config, 'logLevel' | 'logFormat'>, redact: string[], destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    redact: { paths: redact, censor: '[redacted]' },
    serializers: { err: serializeError },
    hooks: { streamWrite: redactLogLine },
  };
  if (destination) return pino(options, destination);
  return config.logFormat === 'pretty' ? pino(options, prettyStdout()) : pino(options);
}

/** `GET /api/health 200 3 ms`: a request as the pretty log shows it, its URL redacted. */
export function requestLine(method: string, url: string, statusCode: number, elapsedMs: number): string {
  return `${method} ${redactUrl(url)} ${statusCode} ${Math.round(elapsedMs)} ms`;
}

/**
 * Pretty format: Fastify's request logging with one line per request, logged when the response is sent (method,
 * redacted URL, status and time) instead of an "incoming request" and a "request completed" entry. A request that
 * errored keeps Fastify's error entry.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) return super.requestCompleted(error, request, reply);
    request.log.info(requestLine(request.method, request.url, reply.statusCode, reply.elapsedTime));
  }
}
