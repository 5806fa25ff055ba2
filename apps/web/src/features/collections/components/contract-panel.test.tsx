import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../../../testing/render';
import { collectionFixture } from './collection-fixture';
import { ContractPanel } from './contract-panel';

function renderPanel(collection = collectionFixture()) {
  render(
    <TestProviders>
      <ContractPanel collection={collection} />
    </TestProviders>,
  );
}

describe('ContractPanel', () => {
  it('shows the deployed contract on the devnet, and says the devnet has no explorer', () => {
    renderPanel();
    expect(screen.getByText('0x5FbDB2315678afecb367f032d93F642f64180aa3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy contract address' })).toBeInTheDocument();
    expect(screen.getByText('Deployed')).toBeInTheDocument();
    expect(screen.getByText('A chain on the machine that runs Keepsake, not a public testnet.')).toBeInTheDocument();
    expect(screen.getByText(/The local devnet has no block explorer/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View on the block explorer' })).not.toBeInTheDocument();
  });

  it('links the contract on a chain with an explorer', () => {
    const base = collectionFixture();
    renderPanel({
      ...base,
      chain: 'base-sepolia',
      deploy: {
        ...base.deploy,
        chainName: 'Base Sepolia',
        chainKind: 'testnet',
        explorerUrl: 'https://sepolia.basescan.org/address/0x5FbDB2315678afecb367f032d93F642f64180aa3',
      },
    });
    expect(screen.getByRole('link', { name: 'View on the block explorer' })).toHaveAttribute(
      'href',
      'https://sepolia.basescan.org/address/0x5FbDB2315678afecb367f032d93F642f64180aa3',
    );
  });

  it('shows a pending deploy without an address, and why a deploy failed', () => {
    const base = collectionFixture();
    renderPanel({
      ...base,
      onChain: { status: 'failed', chain: 'devnet', type: 'erc-721' },
      deploy: { ...base.deploy, error: 'The deploy transaction reverted.', deployedAt: null },
    });
    expect(screen.getByText('Not deployed yet')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The deploy transaction reverted.');
  });
});
