import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TestProviders, createTestQueryClient, mockFetch } from '../../../testing/render';
import { Outbox } from './outbox';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function renderOutbox() {
  render(
    <TestProviders queryClient={createTestQueryClient()}>
      <Outbox />
    </TestProviders>,
  );
}

describe('Outbox', () => {
  it('lists texts newest first with their channel and number', async () => {
    mockFetch({
      'GET /api/dev/outbox': {
        body: {
          messages: [
            { id: 'a', channel: 'sms', to: '+14155552671', text: '123456 is your code', createdAt: '2026-11-22T10:00:00.000Z' },
            { id: 'b', channel: 'whatsapp', to: '+14155552672', text: '654321 is your code', createdAt: '2026-11-22T11:00:00.000Z' },
          ],
        },
      },
    });
    renderOutbox();
    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual(['WhatsApp to +14155552672', 'SMS to +14155552671']);
    expect(screen.getByText('654321 is your code')).toBeInTheDocument();
  });

  it('marks the newest message and shows its code large, in monospace, above the older ones', async () => {
    mockFetch({
      'GET /api/dev/outbox': {
        body: {
          messages: [
            { id: 'old', channel: 'sms', to: '+14155552671', text: '111111 is your Acme verification code.', createdAt: '2026-11-22T10:00:00.000Z' },
            { id: 'new', channel: 'sms', to: '+14155552671', text: '222222 is your Acme verification code.', createdAt: '2026-11-22T10:05:00.000Z' },
          ],
        },
      },
    });
    renderOutbox();
    const codes = await screen.findAllByTestId('dev-passcode');
    expect(codes.map((code) => code.textContent)).toEqual(['222222', '111111']);
    expect(codes[0]).toHaveClass('font-mono', 'text-3xl');
    expect(codes[1]).not.toHaveClass('text-3xl');
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveAttribute('data-newest', 'true');
    expect(items[1]).not.toHaveAttribute('data-newest');
    expect(screen.getAllByText('Newest')).toHaveLength(1);
    expect(items[0]).toContainElement(screen.getByText('Newest'));
    expect(screen.getByRole('button', { name: 'Copy code 222222' })).toBeInTheDocument();
  });

  it('says when it is empty, and when dev mode is off', async () => {
    mockFetch({ 'GET /api/dev/outbox': { body: { messages: [] } } });
    renderOutbox();
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
    document.body.innerHTML = '';
    mockFetch({
      'GET /api/dev/outbox': { status: 404, body: { status_code: 404, error_type: 'route_not_found', error_message: 'x', request_id: 'r', error_url: 'u' } },
    });
    renderOutbox();
    expect(await screen.findByText('The dev outbox is only available in dev mode without a Twilio account.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeDisabled();
  });
});
