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
