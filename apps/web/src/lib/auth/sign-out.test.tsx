import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Toaster } from 'react-hot-toast';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestProviders, mockFetch } from '../../testing/render';
import { SignedOutToast } from './signed-out-toast';
import { noteSignedOut, takeSignedOutNotice } from './signed-out-notice';
import { useSignOut } from './use-session';

const realFetch = globalThis.fetch;
beforeEach(() => {
  window.sessionStorage.clear();
  // react-hot-toast's Toaster asks for the reduced-motion preference, which jsdom does not implement.
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
});
afterEach(() => {
  globalThis.fetch = realFetch;
  toast.remove();
});

function SignOutButton({ go }: { go: (url: string) => void }) {
  const signOut = useSignOut(go);
  return (
    <button type="button" onClick={() => signOut.mutate('/')}>
      Sign Out
    </button>
  );
}

function renderSignOut(go: (url: string) => void) {
  return render(
    <TestProviders>
      <SignedOutToast />
      <SignOutButton go={go} />
      <Toaster />
    </TestProviders>,
  );
}

describe('sign-out', () => {
  it('notes the sign-out, loads the callback URL, and the next page confirms it once as a status', async () => {
    mockFetch({ 'POST /api/session/signout': { body: { url: 'http://localhost/' } } });
    const go = vi.fn();
    const first = renderSignOut(go);
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('http://localhost/'));
    expect(screen.queryByText('You have been signed out')).not.toBeInTheDocument();
    first.unmount();

    // The page the callback URL loads.
    renderSignOut(vi.fn());
    const message = await screen.findByText('You have been signed out');
    expect(message.closest('[role="status"]')).not.toBeNull();
    expect(takeSignedOutNotice()).toBe(false);
  });

  it("toasts the spec's 'Error signing out' when the server refuses, and stays on the page", async () => {
    mockFetch({ 'POST /api/session/signout': { status: 500, body: { error: 'boom' } } });
    const go = vi.fn();
    renderSignOut(go);
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    const message = await screen.findByText('Error signing out');
    expect(message.closest('[role="status"]')).not.toBeNull();
    expect(go).not.toHaveBeenCalled();
    expect(takeSignedOutNotice()).toBe(false);
  });

  it('shows no confirmation on a page not reached by signing out', async () => {
    noteSignedOut();
    expect(takeSignedOutNotice()).toBe(true);
    renderSignOut(vi.fn());
    expect(takeSignedOutNotice()).toBe(false);
    expect(screen.queryByText('You have been signed out')).not.toBeInTheDocument();
  });
});
