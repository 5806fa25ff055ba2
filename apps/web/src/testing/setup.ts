import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { takeUnexpectedConsoleCalls, watchConsole } from './console';

beforeEach(() => {
  watchConsole();
});

afterEach(() => {
  cleanup();
  document.body.style.overflow = '';
  window.localStorage.clear();
  vi.restoreAllMocks();
  vi.useRealTimers();
  const unexpected = takeUnexpectedConsoleCalls();
  if (unexpected.length > 0) {
    throw new Error(`Unexpected console output (use allowConsole to allow it):\n${unexpected.join('\n')}`);
  }
});

// jsdom lacks what Radix's popups (Select, DropdownMenu) call on open; they do nothing here, as in a browser
// that has nothing to scroll or capture.
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;
if (!Element.prototype.hasPointerCapture) Element.prototype.hasPointerCapture = () => false;
if (!Element.prototype.releasePointerCapture) Element.prototype.releasePointerCapture = () => undefined;
// Radix's popper (Tooltip, Select) measures its anchor with ResizeObserver; jsdom has no layout to observe.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
