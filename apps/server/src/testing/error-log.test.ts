import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { closeErrorLogCapture, createErrorLogCapture, errorLogHooks, parseLoggedError } from './error-log.ts';

const loggerFor = (capture: ReturnType<typeof createErrorLogCapture>) => pino({ level: 'trace' }, capture);

describe('parseLoggedError', () => {
  it('reads error and fatal pino lines, with their error, and nothing else', () => {
    const lines: string[] = [];
    const log = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });
    log.warn('only a warning');
    log.error({ err: new TypeError('bad thing') }, 'it broke');
    log.fatal('the end');
    expect(lines.map(parseLoggedError)).toEqual([
      undefined,
      { level: 'error', msg: 'it broke', err: expect.objectContaining({ type: 'TypeError', message: 'bad thing', stack: expect.any(String) }) },
      { level: 'fatal', msg: 'the end', err: undefined },
    ]);
    expect(parseLoggedError('Keepsake is running "level":50 (a banner)')).toBeUndefined();
    expect(parseLoggedError('{"level":30,"msg":"\\"level\\":50"}')).toBeUndefined();
  });
});

describe('the error log of a test server', () => {
  it('reports each unexpected entry once, and lets a declared one through, counting it', () => {
    const capture = createErrorLogCapture();
    const log = loggerFor(capture);
    log.error({ err: new Error('SMTP delivery failed: refused') }, 'passcode email could not be sent');
    const expected = capture.expect(/SMTP delivery failed/);
    log.error({ err: new Error('SMTP delivery failed: refused') }, 'passcode email could not be sent');
    log.error('unhandled error');
    log.info('fine');
    // The one logged before the declaration is not excused by it.
    expect(capture.takeUnexpected().map((e) => e.msg)).toEqual(['passcode email could not be sent', 'unhandled error']);
    expect(capture.takeUnexpected()).toEqual([]);
    expect(expected.count).toBe(1);
    expect(capture.all).toHaveLength(3);
  });

  it('fails the close of a server whose log holds an unexpected error nobody reported', () => {
    const failing = createErrorLogCapture();
    loggerFor(failing).error({ err: new RangeError('out of range') }, 'unhandled error');
    expect(() => closeErrorLogCapture(failing)).toThrow(
      /1 unexpected error-level entry before it closed[\s\S]*error: unhandled error \(RangeError: out of range\)/,
    );

    const quiet = createErrorLogCapture();
    quiet.expect(/^job queue error$/);
    loggerFor(quiet).error('job queue error');
    expect(() => closeErrorLogCapture(quiet)).not.toThrow();
  });

  it('with the integration hooks: fails the test during which it was logged, and ends that test’s declarations with it', () => {
    errorLogHooks.install();
    const capture = createErrorLogCapture();
    const log = loggerFor(capture);
    const lifetime = capture.expect(/expected all along/);

    errorLogHooks.beforeEach();
    capture.expect(/expected in this test/);
    log.error('expected in this test');
    log.error('expected all along');
    expect(() => errorLogHooks.afterEach()).not.toThrow();

    errorLogHooks.beforeEach();
    log.error('expected in this test');
    log.error('expected all along');
    expect(() => errorLogHooks.afterEach()).toThrow(/1 unexpected error-level entry during this test[^\n]*\n {2}error: expected in this test$/);
    expect(lifetime.count).toBe(2);

    // Outside a test (a beforeAll, a shutdown): the file fails after its afterAll, once the server has closed.
    log.fatal('at shutdown');
    closeErrorLogCapture(capture);
    expect(() => errorLogHooks.afterAll()).toThrow(/outside the tests[\s\S]*fatal: at shutdown/);
    expect(() => errorLogHooks.afterAll()).not.toThrow();
  });
});
