import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonBody, mockFetch, renderWithProviders } from '../../../testing/render';
import type { Project } from '../types/project';
import { CheckoutFeeForm } from './checkout-fee-form';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const project = (role: Project['role']): Project => ({ id: 'p1', name: 'Shop', role, publicToken: 'public-token-test-x', createdAt: '2026-01-01T00:00:00Z' });

describe('CheckoutFeeForm', () => {
  it('shows the tier and lets an owner set another (issue 14 item 12)', async () => {
    const calls = mockFetch({
      'GET /api/console/projects/p1/checkout': { body: { feePercent: 1 } },
      'PATCH /api/console/projects/p1/checkout': (init) => ({ body: jsonBody(init) }),
    });
    renderWithProviders(<CheckoutFeeForm project={project('owner')} />);
    expect(await screen.findByRole('radio', { name: '1 %' })).toBeChecked();
    const save = screen.getByRole('button', { name: 'Save fee tier' });
    expect(save).toBeDisabled();
    fireEvent.click(screen.getByRole('radio', { name: '3 %' }));
    fireEvent.click(save);
    await waitFor(() => expect(jsonBody(calls.find((call) => call.key.startsWith('PATCH'))?.init)).toEqual({ feePercent: 3 }));
    // Saved: the tier read back is the new one, and there is nothing left to save.
    await waitFor(() => expect(save).toBeDisabled());
    expect(screen.getByRole('radio', { name: '3 %' })).toBeChecked();
  });

  it('is read-only for a developer', async () => {
    mockFetch({ 'GET /api/console/projects/p1/checkout': { body: { feePercent: 0 } } });
    renderWithProviders(<CheckoutFeeForm project={project('developer')} />);
    expect(await screen.findByRole('radio', { name: '0 %' })).toBeDisabled();
    expect(screen.getByText('Only owners and admins can change the fee tier.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save fee tier' })).not.toBeInTheDocument();
  });
});
