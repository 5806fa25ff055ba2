import { ipfsToGateway } from '@keepsake/validation/urls';

/** The server's default IPFS gateway (IPFS_GATEWAY_URL); pages whose API already rewrote links never need it. */
export const DEFAULT_IPFS_GATEWAY = 'https://ipfs.io';

/**
 * What an `<img>` may load for `src` (spec §5): `ipfs://` links through the gateway, https/http/data/blob URLs
 * and same-origin paths as they are, anything else (another scheme, blank) nothing, so that the page's CSP
 * never has to refuse it.
 */
export function displayableImageUrl(src: string | null | undefined, gateway: string = DEFAULT_IPFS_GATEWAY): string | null {
  const value = src?.trim();
  if (!value) return null;
  if (/^ipfs:/i.test(value)) {
    const rewritten = ipfsToGateway(value, gateway);
    return rewritten === value ? null : rewritten;
  }
  if (/^(https?:|data:image\/|blob:)/i.test(value) || (value.startsWith('/') && !value.startsWith('//'))) return value;
  return null;
}
