import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cachedDataText, createTestQueryClient, mockFetch, renderWithProviders } from '../../../testing/render';
import { SigningSecretPanel } from './signing-secret-panel';
import { webhookEndpoint } from '../../../testing/fixtures';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const endpoint = webhookEndpoint();
const CURRENT = 'whsec_Y3VycmVudC1zZWNyZXQtZm9yLXRoZS10ZXN0cy0xMjM=';
const ROTATED = 'whsec_cm90YXRlZC1zZWNyZXQtZm9yLXRoZS10ZXN0cy0xMjM=';

describe('SigningSecretPanel', () => {
  it('reveals and hides the secret, keeping it out of the query cache', async () => {
    mockFetch({ 'GET /api/console/projects/p1/webhooks/e1/secret': { body: { secret: CURRENT } } });
    const queryClient = createTestQueryClient();
    renderWithProviders(<SigningSecretPanel projectId="p1" endpoint={endpoint} />, { queryClient });
    expect(screen.queryByRole('textbox', { name: 'Signing secret' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reveal secret' }));
    expect(await screen.findByRole('textbox', { name: 'Signing secret' })).toHaveValue(CURRENT);
    expect(cachedDataText(queryClient)).not.toContain(CURRENT);
    fireEvent.click(screen.getByRole('button', { name: 'Hide secret' }));
    expect(screen.queryByRole('textbox', { name: 'Signing secret' })).not.toBeInTheDocument();
  });

  it('rotates only after confirmation and shows the new secret', async () => {
    const calls = mockFetch({
      'POST /api/console/projects/p1/webhooks/e1/secret/rotate': {
        body: { endpoint: { ...endpoint, previousSecretExpiresAt: '2026-01-02T00:00:00Z' }, secret: ROTATED },
      },
      'GET /api/console/projects/p1/webhooks': { body: { endpoints: [] } },
    });
    renderWithProviders(<SigningSecretPanel projectId="p1" endpoint={endpoint} />);
    fireEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Rotate the signing secret?' });
    expect(dialog).toHaveTextContent('keeps signing beside it for 24 hours');
    expect(calls.some((c) => c.key.startsWith('POST'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));
    expect(await screen.findByRole('textbox', { name: 'Signing secret' })).toHaveValue(ROTATED);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.key.startsWith('POST'))).toHaveLength(1);
  });
});
