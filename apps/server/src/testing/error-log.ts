// Error-level log entries fail integration tests (ADR 082). Every test server logs to a capture; an `error` or
// `fatal` entry that the test did not declare with `server.expectErrorLog(/…/)` fails the test that was running
// (checked after each test by integration-setup.ts) or, for entries logged outside a test, the file.

/** pino's numeric levels that fail a test. */
const failingLevels: Record<number, 'error' | 'fatal'> = { 50: 'error', 60: 'fatal' };

export type LoggedError = {
  level: 'error' | 'fatal';
  msg: string;
  /** The logged `err`, as pino serialised it. */
  err: { type?: string; message?: string; stack?: string } | undefined;
};

export type ExpectedErrorLog = {
  /** How many logged entries this expectation has matched so far. */
  readonly count: number;
};

/** One line for a report: the level, the message, and the error's type and message. */
export function describeLoggedError(entry: LoggedError): string {
  const cause = entry.err ? ` (${entry.err.type ?? 'Error'}: ${entry.err.message ?? ''})` : '';
  return `${entry.level}: ${entry.msg}${cause}`;
}

/**
 * The error-level entries of pino JSON lines (the server's log), or undefined for any other line. Used for the
 * server processes the tests start (e2e, process tests) as well as the in-process test server.
 */
export function parseLoggedError(line: string): LoggedError | undefined {
  if (!/"level":\s*(50|60)\b/.test(line)) return undefined;
  try {
    const parsed = JSON.parse(line) as { level?: number; msg?: string; err?: LoggedError['err'] };
    const level = failingLevels[parsed.level ?? 0];
    return level ? { level, msg: parsed.msg ?? '', err: parsed.err } : undefined;
  } catch {
    return undefined; // not one JSON line (a banner, a stack trace printed by something else)
  }
}

type Expectation = { pattern: RegExp; count: number; testScoped: boolean };

/** What one test server logged at error level, and what its tests declared. */
export type ErrorLogCapture = {
  /** pino destination. */
  write(line: string): void;
  /** Declares an error entry the test provokes on purpose (matched against its message and its error's message). */
  expect(pattern: RegExp): ExpectedErrorLog;
  /** Error entries no expectation matched and not reported yet; they are reported once. */
  takeUnexpected(): LoggedError[];
  /** Every error entry so far, expected or not. */
  readonly all: LoggedError[];
  /** The server closed: the capture is dropped from the registry after its last check. */
  closed: boolean;
};

const registry = {
  captures: new Set<ErrorLogCapture & { endTest(): void }>(),
  inTest: false,
  /** Set by integration-setup.ts: a server's close() leaves its report to the setup file's hooks. */
  hooksInstalled: false,
};

/** A capture for a new server; `keepLine` receives every line (for `captureLogs`). */
export function createErrorLogCapture(keepLine?: (line: string) => void): ErrorLogCapture {
  const expectations: Expectation[] = [];
  const all: LoggedError[] = [];
  let reported = 0;
  const matches = (pattern: RegExp, entry: LoggedError) => pattern.test(entry.msg) || (entry.err?.message !== undefined && pattern.test(entry.err.message));
  const unexpected: LoggedError[] = [];
  const capture = {
    write(line: string) {
      keepLine?.(line);
      const entry = parseLoggedError(line);
      if (!entry) return;
      all.push(entry);
      const expectation = expectations.find((e) => matches(e.pattern, entry));
      if (expectation) expectation.count++;
      else unexpected.push(entry);
    },
    expect(pattern: RegExp): ExpectedErrorLog {
      const expectation: Expectation = { pattern, count: 0, testScoped: registry.inTest };
      expectations.push(expectation);
      return {
        get count() {
          return expectation.count;
        },
      };
    },
    takeUnexpected() {
      const fresh = unexpected.slice(reported);
      reported = unexpected.length;
      return fresh;
    },
    get all() {
      return all;
    },
    closed: false,
    /** Drops the expectations declared during the test that just ended. */
    endTest() {
      for (let i = expectations.length - 1; i >= 0; i--) if (expectations[i]!.testScoped) expectations.splice(i, 1);
    },
  };
  registry.captures.add(capture);
  return capture;
}

function report(entries: LoggedError[], when: string): Error {
  const lines = entries.map(
    (entry) => `  ${describeLoggedError(entry)}${entry.err?.stack ? `\n    ${entry.err.stack.split('\n').slice(1, 6).join('\n    ')}` : ''}`,
  );
  return new Error(
    `The server logged ${entries.length} unexpected error-level ${entries.length === 1 ? 'entry' : 'entries'} ${when} ` +
      `(declare one the test provokes on purpose with server.expectErrorLog(/…/)):\n${lines.join('\n')}`,
  );
}

/** Called by a server's close(): without the setup file's hooks, unexpected entries fail here. */
export function closeErrorLogCapture(capture: ErrorLogCapture): void {
  capture.closed = true;
  if (registry.hooksInstalled) return;
  registry.captures.delete(capture as ErrorLogCapture & { endTest(): void });
  const unexpected = capture.takeUnexpected();
  if (unexpected.length > 0) throw report(unexpected, 'before it closed');
}

/** The hooks integration-setup.ts registers for every integration test file. */
export const errorLogHooks = {
  install() {
    registry.hooksInstalled = true;
  },
  beforeEach() {
    registry.inTest = true;
  },
  /** Fails the test that just ran if any server logged an unexpected error during it. */
  afterEach() {
    registry.inTest = false;
    const unexpected = collect();
    for (const capture of registry.captures) capture.endTest();
    if (unexpected.length > 0) throw report(unexpected, 'during this test');
  },
  /** Fails the file for entries logged outside any test (beforeAll, afterAll, a server's shutdown). */
  afterAll() {
    const unexpected = collect();
    if (unexpected.length > 0) throw report(unexpected, 'outside the tests (in beforeAll/afterAll or at shutdown)');
  },
};

function collect(): LoggedError[] {
  const unexpected: LoggedError[] = [];
  for (const capture of registry.captures) {
    unexpected.push(...capture.takeUnexpected());
    if (capture.closed) registry.captures.delete(capture);
  }
  return unexpected;
}
