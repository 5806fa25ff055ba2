import { createHash } from 'node:crypto';
import pino from 'pino';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startHttpStandIn } from '../../testing/http-stand-in.ts';
import { parseAuthConfig } from '../auth-config.ts';
import { createBreachChecker } from './breach.ts';
import { hashPassword, verifyPassword } from './hashing.ts';
import { createPasswordScorer, PasswordScorerBusyError, SCORED_PREFIX_LENGTH, scoredPrefix } from './scorer.ts';
import { BREACHED_PASSWORD_MESSAGE, checkStrength } from './strength.ts';
import { statusOfKind } from '../../http/error-handler.ts';

const log = pino({ level: 'silent' });
const offline = createBreachChecker(undefined, log);
// The real worker pool: these tests also prove that the worker loads under vitest.
const scorer = createPasswordScorer({ threads: 1 });
afterAll(() => scorer.close());
const zxcvbnPolicy = parseAuthConfig({}).passwords;
const ludsPolicy = parseAuthConfig({ passwords: { strengthPolicy: 'luds', ludsMinimumCount: 10, ludsComplexity: 3 } }).passwords;

let standIn: Awaited<ReturnType<typeof startHttpStandIn>> | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

describe('checkStrength', () => {
  it('zxcvbn: a long unusual password is valid (score ≥ 3), a short common one is not', async () => {
    const strong = await checkStrength(scorer, offline, zxcvbnPolicy, 'violet-Tractor-harbour-91-quiz');
    expect(strong).toMatchObject({ valid_password: true, breached_password: false, strength_policy: 'zxcvbn' });
    expect(strong.score).toBeGreaterThanOrEqual(3);
    const weak = await checkStrength(scorer, offline, zxcvbnPolicy, 'abcabcabc9');
    expect(weak.valid_password).toBe(false);
    expect(weak.score).toBeLessThan(3);
    expect(weak.feedback.suggestions.length + weak.feedback.warning.length).toBeGreaterThan(0);
  });

  it('zxcvbn: the email counts as a guessable input', async () => {
    const result = await checkStrength(scorer, offline, zxcvbnPolicy, 'bartholomew.quigley', 'bartholomew.quigley@example.com');
    expect(result.valid_password).toBe(false);
  });

  it('luds: reports what is missing with the spec §5 messages', async () => {
    const short = await checkStrength(scorer, offline, ludsPolicy, 'abc');
    expect(short).toMatchObject({ valid_password: false, strength_policy: 'luds' });
    expect(short.feedback.luds_requirements).toEqual({
      has_lower_case: true,
      has_upper_case: false,
      has_digit: false,
      has_symbol: false,
      missing_complexity: 2,
      missing_characters: 7,
    });
    expect(short.feedback.suggestions).toEqual([
      'Must be at least 10 characters long',
      'Must contain 3 of the following: uppercase letter, lowercase letter, number, symbol',
    ]);
    const ok = await checkStrength(scorer, offline, ludsPolicy, 'Zebra-crossing7');
    expect(ok.valid_password).toBe(true);
    expect(ok.feedback.luds_requirements).toMatchObject({ missing_complexity: 0, missing_characters: 0, has_symbol: true });
  });

  it('flags passwords on the bundled breach list with the spec §5 message, whatever the policy', async () => {
    for (const policy of [zxcvbnPolicy, ludsPolicy]) {
      const result = await checkStrength(scorer, offline, policy, 'Password123');
      expect(result).toMatchObject({ breached_password: true, valid_password: false });
      expect(result.feedback.warning).toBe(BREACHED_PASSWORD_MESSAGE);
    }
  });
});

describe('issue 10: scoring is capped and shared, LUDS and breach checks see the whole password', () => {
  it('scores passwords up to the cap whole, and longer ones on their first code points only', async () => {
    const normal = 'violet-Tractor-harbour-91-quiz';
    expect(scoredPrefix(normal)).toBe(normal);
    const exact = 'x'.repeat(SCORED_PREFIX_LENGTH);
    expect(scoredPrefix(exact)).toBe(exact);
    // 🙂 is two UTF-16 units: the cap counts code points and never cuts a pair in half.
    const emoji = '🙂'.repeat(SCORED_PREFIX_LENGTH + 10);
    expect(scoredPrefix(emoji)).toBe('🙂'.repeat(SCORED_PREFIX_LENGTH));
    const long = '7'.repeat(256);
    const [whole, prefix] = await Promise.all([scorer.score(long, []), scorer.score('7'.repeat(SCORED_PREFIX_LENGTH), [])]);
    expect(whole).toEqual(prefix);
  });

  it('still applies LUDS and the breach lists to the whole password', async () => {
    // Past the cap: LUDS counts every character, and the breach check is asked about the whole password.
    const pastCap = 'a'.repeat(SCORED_PREFIX_LENGTH) + 'B7!';
    const luds = await checkStrength(scorer, offline, ludsPolicy, pastCap);
    expect(luds.feedback.luds_requirements).toMatchObject({ has_upper_case: true, has_digit: true, has_symbol: true, missing_complexity: 0 });
    const breached: typeof offline = { isBreached: async (password) => password === pastCap };
    expect((await checkStrength(scorer, breached, zxcvbnPolicy, pastCap)).breached_password).toBe(true);
  });

  it('answers busy (503, Retry-After) instead of queueing past its limit, and drops queued scores when closed', async () => {
    const small = createPasswordScorer({ threads: 1, maxQueue: 2 });
    const asks = ['first-Ask-1', 'second-Ask-2', 'third-Ask-3'].map((password) => small.score(password, []));
    const settled = Promise.allSettled(asks);
    const refused = await small.score('fourth-Ask-4', []).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PasswordScorerBusyError);
    expect(refused).toMatchObject({ kind: 'unavailable', errorType: 'service_unavailable', retryAfterSeconds: 1 });
    expect(statusOfKind[(refused as PasswordScorerBusyError).kind]).toBe(503);
    await small.close();
    const outcomes = await settled;
    const dropped = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
    expect(dropped.length).toBeGreaterThanOrEqual(1);
    // issue 10 (found by ADR 082's error-log check): a dropped score is a 503 for its caller, not an unhandled error.
    for (const reason of dropped) expect(reason).toBeInstanceOf(PasswordScorerBusyError);
    await expect(small.score('after-Close-5', [])).rejects.toBeInstanceOf(PasswordScorerBusyError);
  });

  it('shares one scoring between identical asks in flight', () => {
    const first = scorer.score('shared-Scoring-77', ['a@example.com']);
    expect(scorer.score('shared-Scoring-77', ['a@example.com'])).toBe(first);
    expect(scorer.score('shared-Scoring-77', [])).not.toBe(first);
    return first;
  });
});

describe('breach range API', () => {
  const secret = 'violet-Tractor-harbour-91-quiz';
  const sha1 = createHash('sha1').update(secret).digest('hex').toUpperCase();

  it('sends only the first five hex digits of the SHA-1 and matches the suffix', async () => {
    standIn = await startHttpStandIn(() => ({
      status: 200,
      body: `0000000000000000000000000000000000A:0\r\n${sha1.slice(5)}:42\r\n`,
      contentType: 'text/plain',
    }));
    const checker = createBreachChecker({ url: standIn.url, timeoutMs: 2000 }, log);
    expect(await checker.isBreached(secret)).toBe(true);
    expect(standIn.requests[0]!.url).toBe(`/range/${sha1.slice(0, 5)}`);
    expect(standIn.requests[0]!.headers['add-padding']).toBe('true');
    expect(JSON.stringify(standIn.requests)).not.toContain(secret);
  });

  it('ignores padding entries (count 0) and other suffixes', async () => {
    standIn = await startHttpStandIn(() => ({ status: 200, body: `${sha1.slice(5)}:0\nFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF:3`, contentType: 'text/plain' }));
    expect(await createBreachChecker({ url: standIn.url, timeoutMs: 2000 }, log).isBreached(secret)).toBe(false);
  });

  it('falls back to the offline list when the API fails', async () => {
    standIn = await startHttpStandIn(() => ({ status: 503, body: 'down' }));
    const checker = createBreachChecker({ url: standIn.url, timeoutMs: 2000 }, log);
    expect(await checker.isBreached(secret)).toBe(false);
    expect(await checker.isBreached('password')).toBe(true);
  });
});

describe('argon2id hashing', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const hash = await hashPassword('violet-Tractor-harbour-91-quiz');
    expect(hash).toMatch(/^\$argon2id\$v=19\$/);
    expect(hash).not.toContain('violet');
    expect(await verifyPassword(hash, 'violet-Tractor-harbour-91-quiz')).toBe(true);
    expect(await verifyPassword(hash, 'violet-tractor-harbour-91-quiz')).toBe(false);
    expect(await verifyPassword(undefined, 'anything')).toBe(false);
    expect(await verifyPassword('not a hash', 'anything')).toBe(false);
  });
});
