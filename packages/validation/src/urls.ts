// Spec §5 "URL validity", shared by the server and the web app:
//   - a URL must not start with `/` or `urn:`, must parse, and must be https (http is upgraded, except for
//     localhost);
//   - the host must be a domain name, an IP address (IPv6 included) or localhost;
//   - IPFS links (`ipfs://…`) are valid and are turned into gateway URLs where they are served.

/** Longest URL accepted anywhere (browsers and CDNs stop at about this length). */
export const maxUrlLength = 2048;

const ipfsPattern = /^ipfs:\/\/(?:ipfs\/)?([A-Za-z0-9]{46,100})(\/[^\s?#]*)?(\?[^\s#]*)?(#\S*)?$/;
const labelPattern = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const ipv4Pattern = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** localhost, its subdomains and the loopback addresses: the machine itself, where http is fine. */
function isLocalhost(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname) || hostname === '[::1]';
}

/** A domain name with a top-level domain of letters, an IPv4 or IPv6 address, or localhost. */
function isValidHost(hostname: string): boolean {
  if (hostname.startsWith('[') && hostname.endsWith(']')) return true; // IPv6: URL has parsed it already
  if (isLocalhost(hostname)) return true;
  const ipv4 = ipv4Pattern.exec(hostname);
  if (ipv4) return ipv4.slice(1).every((part) => Number(part) <= 255);
  const labels = hostname.split('.');
  if (labels.length < 2 || hostname.length > 253) return false;
  const tld = labels[labels.length - 1]!;
  return labels.every((label) => labelPattern.test(label)) && /^(xn--[a-z0-9-]+|[a-z]{2,63})$/.test(tld);
}

/** `ipfs://<cid>[/path]` (also the `ipfs://ipfs/<cid>` form some tools write). */
export function isIpfsUrl(value: string): boolean {
  return ipfsPattern.test(value.trim());
}

/**
 * Whether `value` is an https:// URL, or an http:// one on this machine (localhost, 127.x.x.x, [::1]): the only
 * plain-http addresses a server may be told to call (webhook endpoints in dev mode). Anything that does not parse
 * is false.
 *
 * @example
 * isHttpsOrLocalHttp('http://localhost:3199/hook'); // true
 * isHttpsOrLocalHttp('http://example.com/hook'); // false
 */
export function isHttpsOrLocalHttp(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return false;
  }
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLocalhost(url.hostname));
}

/**
 * The URL in the form Keepsake keeps it, or undefined when it is not a valid one (spec §5). http:// becomes
 * https:// except on localhost; IPFS links stay as they are (they are rewritten to a gateway when served).
 *
 * @example
 * normalizeUrl('http://example.com/a.png'); // 'https://example.com/a.png'
 * normalizeUrl('/a.png'); // undefined
 */
export function normalizeUrl(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed.length > maxUrlLength) return undefined;
  if (trimmed.startsWith('/') || /^urn:/i.test(trimmed)) return undefined;
  if (/^ipfs:/i.test(trimmed)) return isIpfsUrl(trimmed) ? trimmed : undefined;
  if (/\s/.test(trimmed)) return undefined;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.username || url.password) return undefined;
  if (!isValidHost(url.hostname)) return undefined;
  if (url.protocol === 'http:' && !isLocalhost(url.hostname)) url.protocol = 'https:';
  return url.toString();
}

/**
 * An `ipfs://` link as a URL on `gateway` (for example `https://ipfs.io`); any other value unchanged.
 *
 * @example
 * ipfsToGateway('ipfs://bafy…/1.png', 'https://ipfs.io'); // 'https://ipfs.io/ipfs/bafy…/1.png'
 */
export function ipfsToGateway(value: string, gateway: string): string {
  const match = ipfsPattern.exec(value.trim());
  if (!match) return value;
  const [, cid, path = '', query = '', hash = ''] = match;
  return `${gateway.replace(/\/+$/, '')}/ipfs/${cid}${path}${query}${hash}`;
}
