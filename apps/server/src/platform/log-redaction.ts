import type { FastifyRequest } from 'fastify';
import pino from 'pino';

/**
 * Credentials Keepsake (or Stripe) issues, told by their prefix wherever they appear: API keys (`sk_…`, `ck_…`),
 * order client secrets, webhook signing secrets, CLI tokens, connected apps' client secrets, and Stripe's secret keys
 * and payment client secrets. The prefix stays readable, so that a log still says which kind of secret was there.
 * Public tokens (`public-token-…`) are not secrets: they name a project and are published in its web pages.
 */
const credentialValue =
  /(?<![A-Za-z0-9])((?:sk|ck)_(?:staging|production)_|(?:sk|rk)_(?:live|test)_|ord_cs_|kst_cli_|connected-app-secret-|(?:pi|seti)_[A-Za-z0-9]+_secret_)[A-Za-z0-9_-]+|(?<![A-Za-z0-9])(whsec_)[A-Za-z0-9+/=%]+/g;
/** A credential's prefix (the one group of {@link credentialValue} that matched) followed by `[redacted]`. */
const keepPrefix = (_match: string, prefix: string | undefined, webhookPrefix: string | undefined) => `${prefix ?? webhookPrefix}[redacted]`;

/** The user and password of a URL (`postgres://user:password@host`, an RPC provider's `https://key@host`). */
const urlUserInfo = /:\/\/[^/\s@"\\?#]+@/g;

/**
 * Words that make a name a credential's wherever they appear in one of its words (`clientSecret`, `refresh_token`,
 * `new_password`, `SAMLResponse`).
 */
const credentialWord = /secret|token|passw|passcode|passphrase|credential|signature|session|jwt|nonce|assertion|authoriz|cookie|verifier|mnemonic|private|saml/;
/**
 * Short words that make a name a credential's as a whole word or the end of one (`key`, `x-api-key`, `apikey`,
 * `code`, `user_code`, `state`, `oauthstate`, `otp`, `sig`), so that `statement` or `keyword` are not.
 * `key` alone, and `publicKey`-like names, are taken too: the safe side.
 */
const credentialEnding = /(?:key|code|state|auth|otp|pin|sig|pwd|pass)$/;

/** The words of a name: split at `-`, `_`, `.`, spaces and camelCase humps, lowercased (`XApiKey` → x, api, key). */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * Whether a parameter (or field) name says its value is a credential (issue 22 item 6): one of its words contains
 * secret, token, password, passcode, credential, signature, session, jwt, nonce, assertion, authorization, cookie,
 * verifier or private, or is (or ends in) key, code, state, auth, otp, pin, sig or pass. `public_token` is not:
 * public tokens are published in web pages, and the log may say which project a request was for.
 *
 * @example
 * isCredentialName('clientSecret'); // true
 * isCredentialName('x-api-key'); // true
 * isCredentialName('user_code'); // true
 * isCredentialName('public_token'); // false
 * isCredentialName('orderId'); // false
 */
export function isCredentialName(name: string): boolean {
  const words = wordsOf(name);
  if (words.length === 2 && words[0] === 'public' && words[1] === 'token') return false;
  return words.some((word) => credentialWord.test(word) || credentialEnding.test(word));
}

/**
 * Text with the credentials Keepsake issues (by their prefix), the user and password of URLs, and card numbers
 * replaced, wherever they are in it.
 *
 * @example
 * redactCredentialValues('pasted sk_staging_abc'); // 'pasted sk_staging_[redacted]'
 */
export function redactCredentialValues(text: string): string {
  return redactCardNumbers(text).replace(credentialValue, keepPrefix).replace(urlUserInfo, '://[redacted]@');
}

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

/** `name=value&…` with the value of each credential-named parameter replaced. */
function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals >= 0 && isCredentialName(parameterName(pair.slice(0, equals)))) return `${pair.slice(0, equals)}=[redacted]`;
      return pair;
    })
    .join('&');
}

/**
 * A request URL as it may be logged: the values of credential-named query parameters (`clientSecret`, `state`,
 * `user_code`, `api_key`, … see {@link isCredentialName}) become `[redacted]`, and so do credentials Keepsake issues
 * and card numbers anywhere in it, whatever the parameter's name.
 *
 * @example
 * redactUrl('/checkout/c?orderId=o&clientSecret=ord_cs_1'); // '/checkout/c?orderId=o&clientSecret=[redacted]'
 */
export function redactUrl(rawUrl: string): string {
  const url = redactCredentialValues(rawUrl);
  const at = url.indexOf('?');
  return at < 0 ? url : `${url.slice(0, at)}?${redactQuery(url.slice(at + 1))}`;
}

/**
 * `name=value` in free text: a URL's query parameter (after `?` or `&`), a form body, or a `key=value` in a message.
 * The value runs to the next `&`, space, quote, `#`, `;`, `,` or `)`.
 */
const pairInText = /(^|[?&\s;,(])([^\s=&?#"'<>`;,()]+)=([^\s&#"'<>`;,)]*)/g;
/** `"name": "value"` in free text: a JSON body quoted in an error's message or kept as a string. */
const jsonPairInText = /("([^"\\]{1,100})"\s*:\s*)"(?:[^"\\]|\\.)*"/g;

/**
 * Free text (an error's message, stack or body: a failed call names the URL it called, or quotes what it sent or
 * got) with credential-named parameters, form fields and JSON fields redacted, as {@link redactUrl} does for a URL.
 *
 * @example
 * redactErrorText('GET https://idp/cb?code=c&x=1 failed'); // 'GET https://idp/cb?code=[redacted]&x=1 failed'
 */
export function redactErrorText(text: string): string {
  return redactCredentialValues(text)
    .replace(pairInText, (match, lead: string, name: string) => (isCredentialName(parameterName(name)) ? `${lead}${name}=[redacted]` : match))
    .replace(jsonPairInText, (match, head: string, name: string) => (isCredentialName(name) ? `${head}"[redacted]"` : match));
}

/** Fastify's request serializer (method, url, host, client address), with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return { method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: request.ip, remotePort: request.socket?.remotePort };
}

/** Redacts every string of a serialized error (its message, stack, `url`, body, and those of its causes). */
function redactErrorStrings(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactErrorText(value);
  if (depth > 4 || !value || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactErrorStrings(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value))
    out[key] = isCredentialName(key) && typeof item === 'string' ? '[redacted]' : redactErrorStrings(item, depth + 1);
  return out;
}

/**
 * pino's error serializer, with the error's text redacted ({@link redactErrorText}): a failed call's error often
 * names the URL it called, with its query, or carries the body it sent or got. String fields with a credential's
 * name (`token`, `state`) are redacted too.
 */
export function serializeError(error: unknown): unknown {
  return redactErrorStrings(pino.stdSerializers.err(error as Error), 0);
}

/** A JSON string literal in a log line, escapes and all. */
const jsonString = /"[^"\\]*(?:\\.[^"\\]*)*"/g;
/** What pino writes first on every line: its level and time (a number that could look like a card number one day). */
const pinoLinePrefix = /^\{"level":\d+,"time":\d+,/;
/**
 * Where a card number could start in a line: the digits of a card candidate, except the fraction of a number
 * (`"responseTime":18.5126…`), which is never a card number and is in every request's line.
 */
const cardInLine = /(?<![0-9A-Za-z]|\d\.)[2-6](?:(?:[ -]|%20|\+)?\d){12,18}(?![0-9A-Za-z])/;

/**
 * The last pass over each JSON log line before it is written (pino's `streamWrite` hook), in either format: the
 * credentials Keepsake issues, URLs' user and password, and card numbers, wherever they are in the line (a message,
 * an error's stack, a field no redact path names). Credentials and URLs can only be inside strings, so they are
 * replaced in the whole line; card numbers only inside strings (a number of the line is left alone, so that the line
 * stays JSON), and only in lines that hold a candidate at all: this runs for every line, and most hold none.
 */
export function redactLogLine(line: string): string {
  let redacted = line.replace(credentialValue, keepPrefix);
  if (redacted.includes('://')) redacted = redacted.replace(urlUserInfo, '://[redacted]@');
  const prefix = pinoLinePrefix.exec(redacted)?.[0].length ?? 0;
  if (!cardInLine.test(prefix ? redacted.slice(prefix) : redacted)) return redacted;
  return redacted.replace(jsonString, (literal) => redactCardNumbers(literal));
}
