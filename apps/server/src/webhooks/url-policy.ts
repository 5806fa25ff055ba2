import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { maxUrlLength } from '@keepsake/validation/urls';

/**
 * Where webhooks may be sent (ADR 026). Outside dev mode: https only, and never to a loopback, private,
 * link-local, shared, reserved or multicast address, whether the URL names one or its host name resolves to
 * one (checked again at connection time, on the address actually used). In dev mode http:// is also allowed
 * for localhost and 127.0.0.1, and every address is allowed. In every mode a host name may not end with a dot.
 */
export type UrlPolicy = { devMode: boolean };

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback (::1) and IPv4-compatible addresses (::a.b.c.d, deprecated)
  ['64:ff9b::', 96], // NAT64, which reaches IPv4 addresses
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4, which embeds IPv4 addresses
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** True for an address a webhook may not reach outside dev mode. IPv4-mapped IPv6 addresses count as IPv4. */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Thrown for a URL or address the policy refuses; the message is shown to the user. */
export class WebhookUrlError extends Error {
  override name = 'WebhookUrlError';
  /** True when the URL is well formed but its target is not allowed (SSRF protection). */
  readonly notAllowed: boolean;
  constructor(message: string, notAllowed: boolean) {
    super(message);
    this.notAllowed = notAllowed;
  }
}

const devHttpHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Checks an endpoint URL and returns it normalised.
 * @throws WebhookUrlError naming what is wrong.
 */
export function checkEndpointUrl(raw: string, policy: UrlPolicy): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new WebhookUrlError('url must be an absolute URL such as https://example.com/webhooks', false);
  }
  if (url.href.length > maxUrlLength) throw new WebhookUrlError(`url must be at most ${maxUrlLength} characters`, false);
  if (url.username || url.password) throw new WebhookUrlError('url must not contain a user name or password', false);
  const host = url.hostname.toLowerCase();
  const literal = host.startsWith('[') ? host.slice(1, -1) : host;
  // `localhost.` and `db.internal.` name the same hosts as without the dot, past every suffix check below.
  if (host.endsWith('.')) throw new WebhookUrlError('url must not end its host name with a dot', true);
  if (url.protocol === 'http:') {
    if (policy.devMode && devHttpHosts.has(host)) return url.href;
    const hint = policy.devMode ? ' (http:// is allowed only for localhost and 127.0.0.1 in dev mode)' : '';
    throw new WebhookUrlError(`url must use https://${hint}`, false);
  }
  if (url.protocol !== 'https:') throw new WebhookUrlError('url must use https://', false);
  if (policy.devMode) return url.href;
  if (isIP(literal) !== 0) {
    if (isBlockedAddress(literal)) throw new WebhookUrlError('url must not point at a private, loopback, link-local or reserved address', true);
    return url.href;
  }
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal') || !host.includes('.')) {
    throw new WebhookUrlError('url must name a public host', true);
  }
  return url.href;
}

type Resolve = (hostname: string, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

const resolveAll: Resolve = (hostname, callback) => dnsLookup(hostname, { all: true, verbatim: true }, callback);

/**
 * A `lookup` for http(s).request that refuses, outside dev mode, any host name resolving to a blocked address,
 * so the check applies to the address the connection really uses (no DNS-rebinding window).
 */
export function guardedLookup(policy: UrlPolicy, resolve: Resolve = resolveAll): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
      if (wanted.length === 0) return callback(Object.assign(new Error(`${hostname} has no usable address`), { code: 'ENOTFOUND' }), '', 0);
      if (!policy.devMode) {
        const refused = wanted.find((a) => isBlockedAddress(a.address));
        if (refused) {
          const message = `${hostname} resolves to ${refused.address}, a private, loopback, link-local or reserved address`;
          return callback(Object.assign(new Error(message), { code: 'EADDRBLOCKED' }), '', 0);
        }
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, wanted);
      callback(null, wanted[0]!.address, wanted[0]!.family);
    });
  };
}
