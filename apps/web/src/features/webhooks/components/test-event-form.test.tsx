import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestProviders, jsonBody, mockFetch } from '../../../testing/render';
import { TestEventForm } from './test-event-form';
import { webhookEndpoint } from '../../../testing/fixtures';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

// An endpoint that subscribed to order and transfer events before they were withdrawn (ADR 083).
const endpoint = webhookEndpoint({ eventTypes: ['nfts.create.succeeded', 'orders.payment.succeeded', 'collections.create.failed', 'wallets.transfer.in'] });

describe('TestEventForm', () => {
  it('issue 10: offers only the endpoint event types the server still offers, and sends the chosen one', async () => {
    const calls = mockFetch({
      'GET /api/console/webhooks/event-types': {
        body: {
          eventTypes: [
            { name: 'collections.create.failed', description: 'A collection contract could not be deployed.' },
            { name: 'nfts.create.succeeded', description: 'An NFT was minted on chain.' },
          ],
        },
      },
      'POST /api/console/projects/p1/webhooks/e1/test': { body: { messageId: `msg_${'0'.repeat(32)}` } },
    });
    const onSent = vi.fn();
    render(
      <TestProviders>
        <TestEventForm projectId="p1" endpoint={endpoint} onSent={onSent} />
      </TestProviders>,
    );
    const select = screen.getByLabelText('Event type');
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['nfts.create.succeeded', 'collections.create.failed']),
    );
    fireEvent.change(select, { target: { value: 'collections.create.failed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send test event' }));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    const post = calls.find((call) => call.key === 'POST /api/console/projects/p1/webhooks/e1/test');
    expect(jsonBody(post?.init)).toEqual({ eventType: 'collections.create.failed' });
  });
});
