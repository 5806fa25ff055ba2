import { describe, expect, it } from 'vitest';
import { ipfsToGateway, isHttpsOrLocalHttp, isIpfsUrl, normalizeUrl } from './urls.ts';

const cid = 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi';

describe('normalizeUrl (spec §5 URL validity)', () => {
  it('keeps https URLs and upgrades http ones, except on localhost and loopback addresses', () => {
    expect(normalizeUrl('https://example.com/a.png')).toBe('https://example.com/a.png');
    expect(normalizeUrl('  http://cdn.example.com/a.png?x=1 ')).toBe('https://cdn.example.com/a.png?x=1');
    expect(normalizeUrl('http://localhost:3000/a.png')).toBe('http://localhost:3000/a.png');
    expect(normalizeUrl('http://app.localhost/a.png')).toBe('http://app.localhost/a.png');
    expect(normalizeUrl('http://127.0.0.1:8080/a.png')).toBe('http://127.0.0.1:8080/a.png');
    expect(normalizeUrl('http://[::1]/a.png')).toBe('http://[::1]/a.png');
  });

  it('accepts IPv4, IPv6 and punycode hosts', () => {
    expect(normalizeUrl('https://203.0.113.7/a.png')).toBe('https://203.0.113.7/a.png');
    expect(normalizeUrl('https://[2001:db8::1]/a.png')).toBe('https://[2001:db8::1]/a.png');
    expect(normalizeUrl('https://xn--bcher-kva.example/')).toBe('https://xn--bcher-kva.example/');
  });

  it('refuses relative paths, urn:, other schemes, bad hosts and credentials', () => {
    for (const bad of [
      '',
      '/a.png',
      '//example.com/a.png',
      'urn:isbn:0451450523',
      'URN:x',
      'example.com/a.png',
      'ftp://example.com/a',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'chrome-extension://abc/x.png',
      'https://example/a.png',
      'https://exa mple.com/a.png',
      'https://-bad.example.com/',
      'https://999.1.1.1/',
      'https://user:pass@example.com/',
      `https://example.com/${'a'.repeat(2100)}`,
    ]) {
      expect(normalizeUrl(bad), bad).toBeUndefined();
    }
  });

  it('keeps IPFS links and refuses malformed ones', () => {
    expect(normalizeUrl(`ipfs://${cid}/1.png`)).toBe(`ipfs://${cid}/1.png`);
    expect(isIpfsUrl(`ipfs://ipfs/${cid}`)).toBe(true);
    expect(normalizeUrl('ipfs://not-a-cid')).toBeUndefined();
  });
});

describe('ipfsToGateway', () => {
  it('rewrites ipfs:// links (both forms) onto the gateway and leaves other URLs alone', () => {
    expect(ipfsToGateway(`ipfs://${cid}/images/1.png`, 'https://ipfs.io')).toBe(`https://ipfs.io/ipfs/${cid}/images/1.png`);
    expect(ipfsToGateway(`ipfs://ipfs/${cid}`, 'https://gw.example.com/')).toBe(`https://gw.example.com/ipfs/${cid}`);
    expect(ipfsToGateway('https://example.com/ipfs.png', 'https://ipfs.io')).toBe('https://example.com/ipfs.png');
  });
});

describe('isHttpsOrLocalHttp (webhook URLs a form can refuse before the server does)', () => {
  it('accepts https anywhere and http only on this machine', () => {
    expect(isHttpsOrLocalHttp('https://hooks.example.com/in')).toBe(true);
    expect(isHttpsOrLocalHttp('http://localhost:3199/hook')).toBe(true);
    expect(isHttpsOrLocalHttp('http://127.0.0.1/hook')).toBe(true);
    expect(isHttpsOrLocalHttp('http://[::1]:80/hook')).toBe(true);
    expect(isHttpsOrLocalHttp('http://hooks.example.com/in')).toBe(false);
    expect(isHttpsOrLocalHttp('ftp://hooks.example.com/in')).toBe(false);
    expect(isHttpsOrLocalHttp('not a url')).toBe(false);
  });
});
