import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonBody, mockFetch, renderWithProviders } from '../../../testing/render';
import { EndpointsTable } from './endpoints-table';
import { webhookEndpoint } from '../../../testing/fixtures';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const endpoint = webhookEndpoint({ description: 'Orders service', eventTypes: ['nfts.create.succeeded', 'nfts.create.failed'] });

describe('EndpointsTable', () => {
  it('shows an empty state', async () => {
    mockFetch({ 'GET /api/console/projects/p1/webhooks': { body: { endpoints: [] } } });
    renderWithProviders(<EndpointsTable projectId="p1" canManage />);
    expect(await screen.findByRole('heading', { name: 'No webhook endpoints yet' })).toBeInTheDocument();
  });

  it('disables an endpoint with its switch', async () => {
    let enabled = true;
    const calls = mockFetch({
      'GET /api/console/projects/p1/webhooks': () => ({ body: { endpoints: [{ ...endpoint, enabled }] } }),
      'PATCH /api/console/projects/p1/webhooks/e1': (init) => {
        enabled = (jsonBody(init) as { enabled: boolean }).enabled;
        return { body: { endpoint: { ...endpoint, enabled } } };
      },
    });
    renderWithProviders(<EndpointsTable projectId="p1" canManage />);
    const toggle = await screen.findByRole('switch', { name: 'Enabled: https://hooks.example.com/in' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('link', { name: 'https://hooks.example.com/in' })).toHaveAttribute('href', '/console/webhooks/e1');
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Enabled: https://hooks.example.com/in' })).toHaveAttribute('aria-checked', 'false'));
    expect(jsonBody(calls.find((c) => c.key.startsWith('PATCH'))?.init)).toEqual({ enabled: false });
  });

  it('deletes only after confirmation', async () => {
    let endpoints = [endpoint];
    const calls = mockFetch({
      'GET /api/console/projects/p1/webhooks': () => ({ body: { endpoints } }),
      'DELETE /api/console/projects/p1/webhooks/e1': () => {
        endpoints = [];
        return { body: { deleted: true } };
      },
    });
    renderWithProviders(<EndpointsTable projectId="p1" canManage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete https://hooks.example.com/in' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete endpoint?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.key.startsWith('DELETE'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete https://hooks.example.com/in' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { name: 'No webhook endpoints yet' })).toBeInTheDocument();
    expect(calls.filter((c) => c.key.startsWith('DELETE'))).toHaveLength(1);
  });

  it('is read-only for developers', async () => {
    mockFetch({ 'GET /api/console/projects/p1/webhooks': { body: { endpoints: [endpoint] } } });
    renderWithProviders(<EndpointsTable projectId="p1" canManage={false} />);
    expect(await screen.findByText('Enabled')).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });
});
