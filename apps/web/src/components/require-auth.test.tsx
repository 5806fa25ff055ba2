import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch, renderWithProviders } from '../testing/render';
import { RequireAuth } from './require-auth';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const signinRoute = [{ path: '/signin', element: <p>sign-in page</p> }];

describe('RequireAuth', () => {
  it('sends anonymous users to sign-in with the page as callback', async () => {
    mockFetch({ 'GET /api/session': { body: {} } });
    const { router } = renderWithProviders(<RequireAuth>{() => <p>secret</p>}</RequireAuth>, {
      path: '/console/projects/apiKeys?x=1',
      routes: signinRoute,
    });
    expect(await screen.findByText('sign-in page')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?callbackUrl=${encodeURIComponent('/console/projects/apiKeys?x=1')}`);
  });

  it('treats a 403 as signed out', async () => {
    mockFetch({ 'GET /api/session': { status: 403, body: { status_code: 403, error_type: 'forbidden', error_message: 'No' } } });
    const { router } = renderWithProviders(<RequireAuth>{() => <p>secret</p>}</RequireAuth>, { path: '/user', routes: signinRoute });
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(screen.queryByText('secret')).not.toBeInTheDocument();
  });

  it('renders the page with the session when signed in', async () => {
    mockFetch({
      'GET /api/session': {
        body: { user: { userId: 'u1', email: 'ada@example.com', name: null, image: null, createdAt: '', webauthn_registrations: [] }, expires: '' },
      },
    });
    renderWithProviders(<RequireAuth>{(session) => <p>hello {session.user.email}</p>}</RequireAuth>, { path: '/user' });
    expect(await screen.findByText('hello ada@example.com')).toBeInTheDocument();
  });
});
