import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestProviders, jsonBody, mockFetch } from '../../../testing/render';
import { collectionFixture } from './collection-fixture';
import { CollectionDetailsForm } from './collection-details-form';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('CollectionDetailsForm', () => {
  it('checks the social links with the spec §5 messages before saving', async () => {
    const calls = mockFetch({});
    render(
      <TestProviders>
        <CollectionDetailsForm collection={collectionFixture()} canManage />
      </TestProviders>,
    );
    type('Twitter/X', 'abc');
    type('Website', 'not a url');
    type('Discord invite', 'discord.gg/abc');
    type(/^Description/, '');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a valid Twitter/X handle')).toBeInTheDocument();
    expect(screen.getAllByText('Invalid URL')).toHaveLength(2);
    expect(screen.getByText('Description cannot be empty')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('saves metadata and normalised links', async () => {
    const saved = collectionFixture({ socialLinks: { twitter: 'keepsake_hq', discord: '', website: 'https://keepsake.example/' } });
    const calls = mockFetch({ 'PATCH /api/console/collections/c1': { body: { collection: saved } }, 'GET /api/v1-alpha1/collections': { body: {} } });
    render(
      <TestProviders>
        <CollectionDetailsForm collection={collectionFixture()} canManage />
      </TestProviders>,
    );
    type(/^Name/, 'Silver Tickets');
    type('Twitter/X', 'https://x.com/keepsake_hq');
    type('Website', 'http://keepsake.example');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(calls.some((call) => call.key === 'PATCH /api/console/collections/c1')).toBe(true));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByLabelText('Twitter/X')).toHaveValue('keepsake_hq'));
    expect(jsonBody(calls.find((call) => call.key.startsWith('PATCH'))?.init)).toEqual({
      metadata: { name: 'Silver Tickets', description: 'Entry to every show', imageUrl: 'https://cdn.example.com/gold.png' },
      socialLinks: { twitter: 'keepsake_hq', discord: '', website: 'https://keepsake.example/' },
    });
  });

  it('is read-only for members who cannot manage the project', () => {
    const calls = mockFetch({});
    render(
      <TestProviders>
        <CollectionDetailsForm collection={collectionFixture()} canManage={false} />
      </TestProviders>,
    );
    expect(screen.getByLabelText(/^Name/)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByText('Only owners and admins can create or change collections.')).toBeInTheDocument();
    fireEvent.submit(screen.getByRole('form', { name: 'Details' }));
    expect(calls).toHaveLength(0);
  });
});
