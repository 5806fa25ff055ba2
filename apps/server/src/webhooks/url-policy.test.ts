import { describe, expect, it } from 'vitest';
import { checkEndpointUrl, guardedLookup, isBlockedAddress, WebhookUrlError } from './url-policy.ts';

const production = { devMode: false };
const dev = { devMode: true };

function refusal(url: string, policy = production): WebhookUrlError {
  try {
    checkEndpointUrl(url, policy);
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookUrlError);
    return error as WebhookUrlError;
  }
  throw new Error(`expected ${url} to be refused`);
}

describe('isBlockedAddress', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '64:ff9b::7f00:1',
    'not-an-address',
  ])('blocks %s', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows %s', (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });
});

describe('checkEndpointUrl outside dev mode', () => {
  it('accepts public https URLs and normalises them', () => {
    expect(checkEndpointUrl(' https://Hooks.Example.com/in?x=1 ', production)).toBe('https://hooks.example.com/in?x=1');
    expect(checkEndpointUrl('https://93.184.216.34:8443/', production)).toBe('https://93.184.216.34:8443/');
  });

  it('requires https', () => {
    expect(refusal('http://hooks.example.com/').message).toBe('url must use https://');
    expect(refusal('http://localhost:3000/').message).toBe('url must use https://');
    expect(refusal('ftp://hooks.example.com/').message).toBe('url must use https://');
  });

  it.each([
    'https://127.0.0.1/',
    'https://2130706433/',
    'https://0x7f.1/',
    'https://10.1.2.3/',
    'https://169.254.169.254/latest/meta-data/',
    'https://[::1]/',
    'https://[::ffff:127.0.0.1]/',
    'https://[fd12::1]/',
    'https://localhost/',
    'https://api.localhost/',
    'https://printer.local/',
    'https://metadata.google.internal/',
    'https://intranet/',
  ])('refuses %s as not allowed (SSRF)', (url) => {
    const error = refusal(url);
    expect(error.notAllowed).toBe(true);
  });

  it('refuses malformed URLs and credentials as invalid, not as SSRF', () => {
    expect(refusal('not a url')).toMatchObject({ notAllowed: false, message: 'url must be an absolute URL such as https://example.com/webhooks' });
    expect(refusal('https://user:pw@hooks.example.com/')).toMatchObject({ notAllowed: false, message: 'url must not contain a user name or password' });
    expect(refusal(`https://hooks.example.com/${'a'.repeat(2100)}`).message).toBe('url must be at most 2048 characters');
  });
});

describe('issue 10: trailing dots and IPv4-compatible IPv6 outside dev mode', () => {
  it.each(['https://localhost./', 'https://LOCALHOST./hook', 'https://localhost../', 'https://db.internal./', 'https://hooks.example.com./in'])(
    'refuses the trailing-dot name %s as not allowed',
    (url) => {
      expect(refusal(url)).toMatchObject({ notAllowed: true, message: 'url must not end its host name with a dot' });
    },
  );

  it.each(['https://[::7f00:1]/', 'https://[::127.0.0.1]/', 'https://[::a00:1]/', 'https://[::a9fe:a9fe]/', 'https://[::8.8.8.8]/'])(
    'refuses the IPv4-compatible address %s',
    (url) => {
      expect(refusal(url).notAllowed).toBe(true);
    },
  );

  it('still allows public IPv6 and IPv4-mapped public addresses', () => {
    expect(checkEndpointUrl('https://[2606:4700:4700::1111]/', production)).toBe('https://[2606:4700:4700::1111]/');
    expect(checkEndpointUrl('https://[::ffff:8.8.8.8]/', production)).toBe('https://[::ffff:808:808]/');
    for (const address of ['::7f00:1', '::0.0.0.1', '::ffff:ffff']) expect(isBlockedAddress(address), address).toBe(true);
  });
});

describe('checkEndpointUrl in dev mode', () => {
  it('allows http only for localhost and 127.0.0.1, and any https target', () => {
    expect(checkEndpointUrl('http://localhost:4000/hook', dev)).toBe('http://localhost:4000/hook');
    expect(checkEndpointUrl('http://127.0.0.1:4000/hook', dev)).toBe('http://127.0.0.1:4000/hook');
    expect(checkEndpointUrl('https://10.0.0.5/hook', dev)).toBe('https://10.0.0.5/hook');
    expect(refusal('http://10.0.0.5/hook', dev).message).toBe('url must use https:// (http:// is allowed only for localhost and 127.0.0.1 in dev mode)');
    expect(refusal('http://hooks.example.com/', dev).notAllowed).toBe(false);
  });
});

describe('guardedLookup', () => {
  const lookupWith = (policy: { devMode: boolean }, all: boolean) =>
    new Promise<{ error: NodeJS.ErrnoException | null; result: unknown }>((resolve) => {
      // The real resolver: `localhost` resolves to a loopback address on every machine.
      guardedLookup(policy)('localhost', { all }, (error, result) => resolve({ error, result }));
    });

  it('refuses, outside dev mode, a host name that resolves to a loopback address', async () => {
    const { error } = await lookupWith(production, true);
    expect(error?.code).toBe('EADDRBLOCKED');
    expect(error?.message).toMatch(/^localhost resolves to (127\.0\.0\.1|::1), a private/);
  });

  it('resolves normally in dev mode, in both callback forms', async () => {
    const all = await lookupWith(dev, true);
    expect(all.error).toBeNull();
    expect((all.result as Array<{ address: string }>).length).toBeGreaterThan(0);
    const one = await lookupWith(dev, false);
    expect(one.error).toBeNull();
    expect(['127.0.0.1', '::1']).toContain(one.result);
  });

  it('refuses when any resolved address is blocked, even if another is public', async () => {
    const resolve = (_host: string, cb: (e: null, a: Array<{ address: string; family: number }>) => void) =>
      cb(null, [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.7', family: 4 },
      ]);
    const error = await new Promise<NodeJS.ErrnoException | null>((done) =>
      guardedLookup(production, resolve)('rebind.example', { all: true }, (e) => done(e)),
    );
    expect(error?.code).toBe('EADDRBLOCKED');
  });
});
