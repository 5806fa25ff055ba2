// Card numbers never reach the logs (issue 14 item 10): not in logged URLs, not in logged objects' card fields,
// not in message strings, whatever the format.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { redactedLogPaths } from '../app.ts';
import { redactCardNumbers, redactUrl } from './log-redaction.ts';
import { createLogger } from './logging.ts';

const pans = ['4242424242424242', '4242 4242 4242 4242', '4000-0027-6000-3184', '378282246310005', '5555555555554444'];

describe('card number redaction', () => {
  it('replaces Luhn-valid card numbers, grouped or not, and leaves other digits and hashes alone', () => {
    for (const pan of pans) expect(redactCardNumbers(`card ${pan} used`)).toBe('card [card redacted] used');
    // Not Luhn-valid, too short, or part of a hex hash or a longer number.
    expect(redactCardNumbers('order 4242424242424241')).toBe('order 4242424242424241');
    expect(redactCardNumbers('at 1764000000000')).toBe('at 1764000000000');
    expect(redactCardNumbers('tx 0xab4242424242424242cd')).toBe('tx 0xab4242424242424242cd');
    expect(redactCardNumbers('token 424242424242424242424242424242')).toBe('token 424242424242424242424242424242');
  });

  it('redacts card numbers in logged URLs, in the path and in query strings, encoded or not', () => {
    expect(redactUrl('/checkout/pay?card=4242424242424242&page=2')).toBe('/checkout/pay?card=[card redacted]&page=2');
    expect(redactUrl('/checkout/pay?card=4242%204242%204242%204242')).toBe('/checkout/pay?card=[card redacted]');
    expect(redactUrl('/x/4000000000009995/y')).toBe('/x/[card redacted]/y');
  });

  it('keeps card fields and card numbers in messages out of the JSON log lines', () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const log = createLogger({ logLevel: 'info', logFormat: 'json' }, redactedLogPaths, destination);
    log.info(
      { body: { card: { number: '4242 4242 4242 4242', cvc: '123', expMonth: 12 }, cardNumber: '4000000000000002', clientSecret: 'pi_1_secret_2' } },
      'card form',
    );
    log.info({ card: { number: '5555555555554444', cvc: '321' }, cvc: '999' }, 'top level');
    log.warn('declined 4000 0000 0000 9995 for order %s', 'o-1');
    const logs = lines.join('');
    for (const digits of [
      '4242424242424242',
      '4242 4242 4242 4242',
      '4000000000000002',
      '5555555555554444',
      '4000 0000 0000 9995',
      'pi_1_secret_2',
      '"123"',
      '"321"',
      '"999"',
    ]) {
      expect(logs, `${digits} in the log`).not.toContain(digits);
    }
    expect(logs).toContain('declined [card redacted] for order o-1');
    expect(logs).toContain('"expMonth":12');
    expect(lines).toHaveLength(3);
  });
});

describe('issue 22 item 6: credentials in any logged line', () => {
  function capture() {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    return { lines, log: createLogger({ logLevel: 'info', logFormat: 'json' }, redactedLogPaths, destination) };
  }

  it('redacts the URLs an error carries (message, stack, url, cause) and its credential-named fields', () => {
    const { lines, log } = capture();
    const cause = Object.assign(new Error('GET https://idp.example/token?client_secret=cs1&grant=refresh failed'), { url: 'https://idp.example/cb?state=st1' });
    const error = Object.assign(new Error('callback https://app.example/cb?code=co1&state=st2 refused', { cause }), {
      url: 'https://rpc.example/v1?apikey=ak1&chain=1',
      access_token: 'at1',
      response: { body: 'refresh_token=rt1&grant_type=refresh_token' },
      json: '{"access_token": "ac2", "expires_in": 3600, "scope": "openid"}',
    });
    log.error({ err: error }, 'provider call failed');
    const line = lines.join('');
    for (const secret of ['cs1', 'st1', 'co1', 'st2', 'ak1', 'at1', 'rt1', 'ac2']) expect(line, secret).not.toMatch(new RegExp(`\\b${secret}\\b`));
    const parsed = JSON.parse(line) as { err: { message: string; url: string; response: { body: string }; json: string } };
    expect(parsed.err.message).toMatch(/^callback https:\/\/app\.example\/cb\?code=\[redacted\]&state=\[redacted\] refused/);
    expect(parsed.err.url).toBe('https://rpc.example/v1?apikey=[redacted]&chain=1');
    expect(parsed.err.response.body).toBe('refresh_token=[redacted]&grant_type=refresh_token');
    expect(parsed.err.json).toBe('{"access_token": "[redacted]", "expires_in": 3600, "scope": "openid"}');
  });

  it("redacts Keepsake's credentials by their prefix, URLs' passwords and card numbers anywhere in a line, and keeps it JSON", () => {
    const { lines, log } = capture();
    log.info(
      {
        note: 'pasted ck_staging_abc and ord_cs_0123',
        nested: { deep: { deeper: ['whsec_QUJD', 'kst_cli_tok'] } },
        db: 'postgres://keepsake:hunter2@db:5432/k',
      },
      'key %s in a message',
      'sk_production_xyz',
    );
    // Numbers that pass the Luhn check and start like a card number (a time in 2033, a fraction) are numbers, not
    // text: left alone, and the line stays JSON.
    log.info({ at: 2_000_000_000_008, ms: 18.424242424242426 }, 'later');
    const [first, second] = lines.map((l) => JSON.parse(l) as Record<string, any>);
    expect(first!.note).toBe('pasted ck_staging_[redacted] and ord_cs_[redacted]');
    expect(first!.nested.deep.deeper).toEqual(['whsec_[redacted]', 'kst_cli_[redacted]']);
    expect(first!.db).toBe('postgres://[redacted]@db:5432/k');
    expect(first!.msg).toBe('key sk_production_[redacted] in a message');
    expect(second!.at).toBe(2_000_000_000_008);
    expect(second!.ms).toBe(18.424242424242426);
    // Public tokens are not secrets.
    log.info({ publicToken: 'public-token-test-1' }, 'project');
    expect(lines[2]).toContain('public-token-test-1');
  });

  it('censors credential fields of logged bodies, one level down', () => {
    const { lines, log } = capture();
    log.info({ body: { state: 's', user_code: 'u', refresh_token: 'r', client_secret: 'c', email: 'e@example.com' } }, 'body');
    expect(JSON.parse(lines[0]!).body).toEqual({
      state: '[redacted]',
      user_code: '[redacted]',
      refresh_token: '[redacted]',
      client_secret: '[redacted]',
      email: 'e@example.com',
    });
  });
});
