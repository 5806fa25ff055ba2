import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { CopyableValue, middleTruncate } from './copyable-value';

const address = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('middleTruncate', () => {
  it('keeps both ends of a long value and leaves a short one alone', () => {
    expect(middleTruncate(address)).toBe('0x8ba1…BA72');
    expect(middleTruncate('msg_0123456789abcdef', 8, 4)).toBe('msg_0123…cdef');
    expect(middleTruncate('short')).toBe('short');
    expect(middleTruncate('0x12345678a')).toBe('0x12345678a');
  });
});

describe('CopyableValue', () => {
  it('shows the value truncated, gives screen readers and the tooltip the full value, and copies it', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderWithProviders(<CopyableValue value={address} copyLabel="Copy the recipient of Seat 1" />);

    const shown = await screen.findByText('0x8ba1…BA72');
    expect(shown).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText(address)).toHaveClass('sr-only');

    // The tooltip opens on keyboard focus too, with the whole value.
    fireEvent.focus(shown.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(address);

    const button = screen.getByRole('button', { name: 'Copy the recipient of Seat 1' });
    fireEvent.click(button);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(address));
  });

  it('links the value when given a route', async () => {
    renderWithProviders(<CopyableValue value={address} to={`/console/wallets/${address}`} copyLabel="Copy the address" />);
    const link = await screen.findByRole('link', { name: address });
    expect(link).toHaveAttribute('href', `/console/wallets/${address}`);
  });
});
