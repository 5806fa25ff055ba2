import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonBody, mockFetch, renderWithProviders } from '../../../testing/render';
import { AttemptsTable } from './attempts-table';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function attempt(n: number, overrides: Record<string, unknown> = {}) {
  return {
    id: `a${n}`,
    messageId: `msg_${String(n).padStart(32, '0')}`,
    eventType: 'nfts.create.succeeded',
    trigger: 'scheduled',
    attemptNumber: 1,
    status: 'succeeded',
    responseStatus: 200,
    responseBody: 'ok',
    durationMs: 12,
    error: null,
    createdAt: '2026-01-01T00:00:00Z',
    messageStatus: 'succeeded',
    nextAttemptAt: null,
    ...overrides,
  };
}

function Harness({ onResent = vi.fn() }: { onResent?: () => void }) {
  const [page, setPage] = useState(1);
  return <AttemptsTable projectId="p1" endpointId="e1" canResend page={page} onPageChange={setPage} watching={false} onResent={onResent} />;
}

describe('AttemptsTable', () => {
  it('shows an empty state', async () => {
    mockFetch({ 'GET /api/console/projects/p1/webhooks/e1/attempts': { body: { attempts: [], page: 1, perPage: 20, total: 0 } } });
    renderWithProviders(<Harness />);
    expect(await screen.findByRole('heading', { name: 'No attempts yet' })).toBeInTheDocument();
  });

  it('lists attempts with their result, response and message status, and pages through them', async () => {
    const calls = mockFetch({
      'GET /api/console/projects/p1/webhooks/e1/attempts': () => {
        const page = Number(new URLSearchParams(calls.at(-1)!.search).get('page'));
        const attempts =
          page === 1
            ? [
                attempt(1, {
                  status: 'failed',
                  responseStatus: null,
                  error: 'Timed out after 15000 ms',
                  messageStatus: 'pending',
                  nextAttemptAt: '2026-01-01T00:05:00Z',
                }),
              ]
            : [attempt(2, { trigger: 'manual', attemptNumber: null })];
        return { body: { attempts, page, perPage: 20, total: 25 } };
      },
    });
    renderWithProviders(<Harness />);
    const table = await screen.findByRole('table', { name: 'Delivery attempts' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Failed');
    expect(row).toHaveTextContent('No response');
    expect(row).toHaveTextContent('Timed out after 15000 ms');
    expect(row).toHaveTextContent('Retrying');
    expect(row).toHaveTextContent('Next attempt');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(calls.at(-1)!.search).toContain('page=2');
    const second = within(await screen.findByRole('table')).getAllByRole('row')[1]!;
    expect(second).toHaveTextContent('Resend');
    expect(second).toHaveTextContent('Succeeded');
    expect(second).toHaveTextContent('Delivered');
  });

  it('resends a message', async () => {
    const onResent = vi.fn();
    const calls = mockFetch({
      'GET /api/console/projects/p1/webhooks/e1/attempts': { body: { attempts: [attempt(3)], page: 1, perPage: 20, total: 1 } },
      'POST /api/console/projects/p1/webhooks/e1/resend': { status: 202, body: { messageId: attempt(3).messageId } },
    });
    renderWithProviders(<Harness onResent={onResent} />);
    fireEvent.click(await screen.findByRole('button', { name: `Resend ${attempt(3).messageId}` }));
    await vi.waitFor(() => expect(onResent).toHaveBeenCalledOnce());
    expect(jsonBody(calls.find((c) => c.key.endsWith('/resend'))?.init)).toEqual({ messageId: attempt(3).messageId });
  });
});
