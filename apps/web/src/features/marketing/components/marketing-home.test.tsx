import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../../../testing/render';
import { MarketingHome } from './marketing-home';

describe('MarketingHome', () => {
  it('issue 14: payments ship, so the page offers checkout and marks nothing as coming', () => {
    render(
      <TestProviders>
        <MarketingHome />
      </TestProviders>,
    );
    const cards = within(screen.getByRole('region', { name: 'One platform, from login to minted NFT' })).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Wallets', 'Tokenization', 'Payments']);
    expect(cards[2]).toHaveTextContent('hosted sales page or the Orders API');
    expect(screen.queryByText(/coming soon|not in keepsake yet|come next/i)).toBeNull();
  });
});
