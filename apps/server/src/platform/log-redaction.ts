import type { FastifyRequest } from 'fastify';

/** An API key wherever it appears: `sk_staging_…`, `sk_production_…`. */
const apiKeyPattern = /\b(sk_(?:staging|production)_)[A-Za-z0-9_-]+/g;
/** Query parameters whose value is a credential whatever it looks like. */
const secretParameter = /^(?:x[-_]?)?api[-_]?key$|^(?:key|secret|password|token|code|code_verifier|session_token|session_jwt)$/i;

function parameterName(raw: string): string {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' '));
  } catch {
    return raw;
  }
}

/**
 * A request URL as it may be logged: API keys anywhere in it, and the values of credential-named query
 * parameters (`api_key`, `x-api-key`, `token`, `code`, …), become `[redacted]`.
 *
 * @example
 * redactUrl('/api/x?api_key=abc&page=2'); // '/api/x?api_key=[redacted]&page=2'
 */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  const path = (at < 0 ? url : url.slice(0, at)).replace(apiKeyPattern, '$1[redacted]');
  if (at < 0) return path;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      if (equals >= 0 && secretParameter.test(parameterName(name))) return `${name}=[redacted]`;
      return pair.replace(apiKeyPattern, '$1[redacted]');
    })
    .join('&');
  return `${path}?${query}`;
}

/** Fastify's request serializer (method, url, host, client address), with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return { method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: request.ip, remotePort: request.socket?.remotePort };
}
