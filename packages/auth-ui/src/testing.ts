// Test helpers for the widget's component tests: a page element to mount into, and a UI client whose network is a
// stand-in (bootstrap and telemetry answer empty) with the passcode calls spied, so each test says what the server
// answers.
import { vi } from 'vitest';
import { StytchUIClient } from './index.ts';
import { unmountFrom } from './mount.ts';

let clients = 0;
/** A fresh public token per client (auth-js warns about two clients for one token on a page). */
export const publicToken = () => `public-token-test-widget-${++clients}`;

export function stubNetwork(): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ data: {} }), { status: 200, headers: { 'content-type': 'application/json' } })),
  );
}

const elements: HTMLElement[] = [];

/** A container element on the page, `#login` by default. */
export function pageElement(id = 'login'): HTMLElement {
  const element = document.createElement('div');
  element.id = id;
  document.body.append(element);
  elements.push(element);
  return element;
}

/** Unmounts every widget a test mounted (so no effect of one test runs in the next) and empties the page. */
export function clearPage(): void {
  for (const element of elements.splice(0)) unmountFrom(element);
  document.body.replaceChildren();
  document.head.replaceChildren();
}

export const sent = (methodId = 'email-test-1') => ({
  status_code: 200,
  request_id: 'request-1',
  method_id: methodId,
  email_id: methodId,
  user_id: 'user-1',
  user_created: false,
});

export function uiClient() {
  stubNetwork();
  const client = new StytchUIClient(publicToken(), { endpoint: 'http://localhost:9999', telemetry: false });
  const loginOrCreate = vi.spyOn(client.otps.email, 'loginOrCreate');
  const authenticate = vi.spyOn(client.otps, 'authenticate');
  const track = vi.spyOn(client.headless.telemetry, 'track');
  return { client, loginOrCreate, authenticate, track };
}
