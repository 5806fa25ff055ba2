// Setup file of the vitest `integration` project (vitest.config.ts): after each test, an error-level entry that a
// test server logged and the test did not declare (`server.expectErrorLog`) fails that test; after the file, one
// logged outside any test (beforeAll, afterAll, shutdown) fails the file (ADR 082).
import { afterAll, afterEach, beforeEach } from 'vitest';
import { errorLogHooks } from './error-log.ts';

errorLogHooks.install();
beforeEach(() => errorLogHooks.beforeEach());
afterEach(() => errorLogHooks.afterEach());
afterAll(() => errorLogHooks.afterAll());
