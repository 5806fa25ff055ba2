import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../lib/auth/session';
import { TestProviders } from '../testing/render';
import { MENU_FADE_MS, MobileMenu } from './mobile-menu';

const user: SessionUser = {
  userId: 'u1',
  email: 'ada@example.com',
  name: 'ada@example.com',
  image: null,
  createdAt: '2025-01-01T00:00:00Z',
  webauthn_registrations: [],
};

function renderMenu(props: Partial<Parameters<typeof MobileMenu>[0]> = {}) {
  const onSignOut = vi.fn();
  render(
    <TestProviders>
      <MobileMenu user={null} onSignOut={onSignOut} {...props} />
    </TestProviders>,
  );
  return { onSignOut };
}

describe('MobileMenu', () => {
  it('locks page scroll while open and restores it on close', () => {
    document.body.style.overflow = 'auto';
    renderMenu();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('dialog', { name: 'Menu' })).toHaveAttribute('aria-modal', 'true');
    expect(document.body.style.overflow).toBe('hidden');

    fireEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(document.body.style.overflow).toBe('auto');
  });

  it('keeps Tab and Shift+Tab inside the open menu', () => {
    renderMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    const close = screen.getByRole('button', { name: 'Close menu' });
    const signIn = screen.getByRole('link', { name: 'Sign In' });
    expect(close).toHaveFocus();
    // The last focusable element wraps to the first, and back.
    signIn.focus();
    expect(fireEvent.keyDown(signIn, { key: 'Tab' })).toBe(false);
    expect(close).toHaveFocus();
    expect(fireEvent.keyDown(close, { key: 'Tab', shiftKey: true })).toBe(false);
    expect(signIn).toHaveFocus();
    // Elsewhere inside the menu, Tab moves on as usual.
    const team = screen.getByRole('link', { name: 'Team' });
    team.focus();
    expect(fireEvent.keyDown(team, { key: 'Tab' })).toBe(true);
    expect(dialog).toContainElement(team);
  });

  it('closes on Escape and fades out over 400 ms before unmounting', async () => {
    vi.useFakeTimers();
    renderMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(document.body.style.overflow).toBe('');
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(dialog).toHaveAttribute('data-state', 'closed');
    expect(dialog.className).toContain('duration-400');
    expect(MENU_FADE_MS).toBe(400);
    await act(async () => {
      vi.advanceTimersByTime(399);
    });
    expect(screen.queryByRole('dialog', { hidden: true })).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('dialog', { hidden: true })).not.toBeInTheDocument();
  });

  it('offers Sign In to anonymous users', () => {
    renderMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
    expect(screen.queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Jobs' })).toHaveAttribute('target', '_blank');
  });

  it('offers the collection and Sign Out to signed-in users', () => {
    const { onSignOut } = renderMenu({ user });
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('link', { name: 'See your collection' })).toHaveAttribute('href', '/user/collection');
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(onSignOut).toHaveBeenCalledOnce();
  });
});

describe('MobileMenu on console pages', () => {
  it('lists every console section it is given and marks the current one', () => {
    renderMenu({
      sections: [
        { href: '/console/overview', label: 'Overview', current: false },
        { href: '/console/collections', label: 'Collections', current: true },
        { href: '/console/wallets', label: 'Wallets', current: false },
      ],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const sections = screen.getByRole('navigation', { name: 'Console' });
    const links = within(sections).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Overview', 'Collections', 'Wallets']);
    expect(within(sections).getByRole('link', { name: 'Collections' })).toHaveAttribute('aria-current', 'page');
    expect(within(sections).getByRole('link', { name: 'Wallets' })).not.toHaveAttribute('aria-current');
  });
});
