import type { FastifyRequest } from 'fastify';

/** An API key wherever it appears: `sk_staging_…`, `sk_production_…`. */
const apiKeyPattern = /\b(sk_(?:staging|production)_)[A-Za-z0-9_-]+/g;
/** Query parameters whose value is a credential whatever it looks like. */
const secretParameter = /^(?:x[-_]?)?api[-_]?key$|^(?:key|secret|password|token|code|code_verifier|session_token|session_jwt)$/i;

/**
 * A card number (PAN) as typed: 13 to 19 digits starting with a card network's 2 to 6 (so millisecond timestamps
 * and the like are left alone), optionally grouped by single spaces, dashes or URL-encoded
 * spaces, not inside a longer run of letters or digits (so hashes and addresses are left alone).
 */
const cardNumberCandidate = /(?<![0-9A-Za-z])[2-6](?:(?:[ -]|%20|\+)?\d){12,18}(?![0-9A-Za-z])/g;

/** The Luhn checksum (ISO/IEC 7812) over a string of digits (card numbers; payments/cards uses it too). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/**
 * Text with every card number in it replaced by `[card redacted]`: a run of 13 to 19 digits (spaces or dashes
 * allowed between them) that passes the Luhn check. A Luhn-valid id of that length is redacted too; for logs,
 * that is the safe side.
 *
 * @example
 * redactCardNumbers('paid with 4242 4242 4242 4242'); // 'paid with [card redacted]'
 */
export function redactCardNumbers(text: string): string {
  return text.replace(cardNumberCandidate, (match) => (passesLuhn(match.replace(/%20/g, '').replace(/\D/g, '')) ? '[card redacted]' : match));
}

/** Log paths for card data a body or object may carry (card payments, docs/card-payments.md): number, CVC, client secret. */
export const cardDataLogPaths = [
  'cardNumber',
  'card_number',
  'cvc',
  'card.number',
  'card.cvc',
  'clientSecret',
  'client_secret',
  '*.cardNumber',
  '*.card_number',
  '*.cvc',
  '*.card.number',
  '*.card.cvc',
  '*.clientSecret',
  '*.client_secret',
];

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
export function redactUrl(rawUrl: string): string {
  const url = redactCardNumbers(rawUrl);
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
