import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../../../testing/render';
import { MarketingHome } from './marketing-home';

describe('MarketingHome', () => {
  it('issue 10: marks payments as coming, and only payments', () => {
    render(
      <TestProviders>
        <MarketingHome />
      </TestProviders>,
    );
    const cards = within(screen.getByRole('region', { name: 'One platform, from login to minted NFT' })).getAllByRole('listitem');
    const coming = cards.filter((card) => within(card).queryByText('Coming soon'));
    expect(coming.map((card) => within(card).getByRole('heading').textContent)).toEqual(['PaymentsComing soon']);
    expect(coming[0]).toHaveTextContent('Not in Keepsake yet');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Wallets', 'Tokenization', 'PaymentsComing soon']);
  });
});
