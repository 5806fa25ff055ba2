import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestQueryClient, mockFetch, renderWithProviders } from '../../../testing/render';
import { DevInboxLink } from './dev-inbox-link';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const platform = (devMode: boolean) => ({ 'GET /api/platform': { body: { publicToken: 'pt', devMode, version: '0.1.0' } } });

describe('DevInboxLink', () => {
  it('links an emailed code to the dev mailbox, in a new tab so the code screen stays', async () => {
    mockFetch(platform(true));
    renderWithProviders(<DevInboxLink channel="email" />);
    const link = await screen.findByRole('link', { name: 'Open the dev mailbox (opens in a new tab)' });
    expect(link).toHaveAttribute('href', '/dev/mailbox');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByText(/Dev mode: no email leaves this server\./)).toBeInTheDocument();
  });

  it.each(['sms', 'whatsapp'] as const)('links a %s code to the dev outbox', async (channel) => {
    mockFetch(platform(true));
    renderWithProviders(<DevInboxLink channel={channel} />);
    expect(await screen.findByRole('link', { name: 'Open the dev outbox (opens in a new tab)' })).toHaveAttribute('href', '/dev/outbox');
  });

  it('shows nothing outside dev mode', async () => {
    mockFetch(platform(false));
    const queryClient = createTestQueryClient();
    const { container } = renderWithProviders(<DevInboxLink channel="email" />, { queryClient });
    await waitFor(() => expect(queryClient.getQueryState(['platform'])?.status).toBe('success'));
    expect(container).toBeEmptyDOMElement();
  });
});
