import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TestProviders, createTestQueryClient, mockFetch } from '../../../testing/render';
import { Mailbox } from './mailbox';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const email = (id: string, code: string, createdAt: string) => ({
  id,
  to: 'ada@example.com',
  subject: 'Your Keepsake sign-in code',
  text: `Use this code to sign in to Keepsake.\n\n${code}\n\nThis code expires in 10 minutes.`,
  html: null,
  createdAt,
});

describe('Mailbox', () => {
  it('puts the newest code first, badged "Newest" and large, so that an older code is not typed by mistake', async () => {
    mockFetch({
      'GET /api/dev/mailbox': {
        body: {
          messages: [
            email('first', '482913', '2026-11-22T10:00:00.000Z'),
            email('second', '730215', '2026-11-22T10:02:00.000Z'),
            { ...email('invite', '', '2026-11-22T09:00:00.000Z'), subject: 'You were added to Acme on Keepsake', text: 'Sign in to open it.' },
          ],
        },
      },
    });
    render(
      <TestProviders queryClient={createTestQueryClient()}>
        <Mailbox />
      </TestProviders>,
    );
    const codes = await screen.findAllByTestId('dev-passcode');
    expect(codes.map((code) => code.textContent)).toEqual(['730215', '482913']);
    expect(codes[0]).toHaveClass('font-mono', 'text-3xl');
    const [newest, ...older] = screen.getAllByRole('listitem');
    expect(newest).toContainElement(screen.getByText('Newest'));
    expect(newest).toContainElement(codes[0]!);
    expect(older.filter((item) => item.hasAttribute('data-newest'))).toEqual([]);
  });
});
