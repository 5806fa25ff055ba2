// Component-test set-up of the widget (vitest's `auth-ui` project). jsdom goes away with each test file, and a
// passive effect Preact scheduled for the next frame can still be pending then: its timer called jsdom's
// `cancelAnimationFrame` after teardown, an unhandled error that failed the run. Effects here flush on a plain timer
// instead, as Preact's own test utilities do; act() and the testing-library waits flush them as before.
import { options } from 'preact';

options.requestAnimationFrame = (flush) => setTimeout(flush);
