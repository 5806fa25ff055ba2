import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import enUS from '../locales/en-US.json';
import { createTranslate } from '../lib/i18n/translate';
import { TranslateProvider } from '../lib/i18n/translate-context';

export const t = createTranslate(enUS);

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** The en-US dictionary and a fresh query client around `children`. */
export function TestProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient ?? createTestQueryClient()}>
      <TranslateProvider t={t}>{children}</TranslateProvider>
    </QueryClientProvider>
  );
}

/** Renders `ui` at `path` (and any other `routes`) in a memory router with the test providers. */
export function renderWithProviders(
  ui: ReactElement,
  { path = '/', queryClient, routes = [] }: { path?: string; queryClient?: QueryClient; routes?: RouteObject[] } = {},
) {
  const router = createMemoryRouter([...routes, { path: '*', element: ui }], { initialEntries: [path] });
  return {
    router,
    ...render(
      <TestProviders {...(queryClient ? { queryClient } : {})}>
        <RouterProvider router={router} />
      </TestProviders>,
    ),
  };
}

/** Everything the query client holds as data (queries and mutations), serialised: to check a secret is not there. */
export function cachedDataText(queryClient: QueryClient): string {
  return JSON.stringify([
    queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.state.data),
    queryClient
      .getMutationCache()
      .getAll()
      .map((mutation) => mutation.state.data),
  ]);
}

type MockResponse = { status?: number; body?: unknown };

/** The parsed JSON body of a recorded request. */
export function jsonBody(init: RequestInit | undefined): unknown {
  return typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
}

/**
 * Stubs `fetch` with handlers keyed by `METHOD /path` (query ignored); an
 * unmatched call fails the test.
 */
export function mockFetch(handlers: Record<string, MockResponse | ((init: RequestInit | undefined, url: URL) => MockResponse)>) {
  const calls: { key: string; init: RequestInit | undefined; url: URL; search: string }[] = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    calls.push({ key, init, url, search: url.search });
    const handler = handlers[key];
    if (!handler) throw new Error(`Unexpected fetch: ${key}`);
    const { status = 200, body } = typeof handler === 'function' ? handler(init, url) : handler;
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  globalThis.fetch = fetchMock;
  return calls;
}

/** Opens a Radix Select (by keyboard, as jsdom has no layout for pointer events) and picks the option named `name`. */
export async function chooseOption(combobox: HTMLElement, name: string): Promise<void> {
  const { fireEvent, screen } = await import('@testing-library/react');
  combobox.focus();
  fireEvent.keyDown(combobox, { key: 'ArrowDown' });
  const option = await screen.findByRole('option', { name });
  fireEvent.keyDown(option, { key: 'Enter' });
}
