import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TestProviders, jsonBody, mockFetch } from '../../../testing/render';
import { AuthSettingsSection } from './auth-settings-form';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const stored = { allowedOrigins: ['https://app.example.com'], authConfig: { captcha: { enabled: false }, mfa: { required: false } } };

function setup(role: 'owner' | 'developer', getStatus = 200) {
  const calls = mockFetch({
    'GET /api/console/projects/p1/auth-config':
      getStatus === 200
        ? { body: stored }
        : { status: getStatus, body: { status_code: getStatus, error_type: 'internal_server_error', error_message: 'Boom' } },
    'PATCH /api/console/projects/p1/auth-config': (init) => {
      const body = jsonBody(init) as { allowedOrigins: string[]; authConfig: typeof stored.authConfig };
      return { body: { allowedOrigins: body.allowedOrigins, authConfig: body.authConfig } };
    },
  });
  render(
    <TestProviders>
      <AuthSettingsSection projectId="p1" role={role} />
    </TestProviders>,
  );
  return calls;
}

describe('AuthSettingsSection', () => {
  it('shows a loading state, then the stored settings', async () => {
    setup('owner');
    expect(screen.getByRole('status')).toHaveTextContent('Loading sign-in settings');
    expect(await screen.findByLabelText('Allowed origins')).toHaveValue('https://app.example.com');
    expect(screen.getByRole('checkbox', { name: /Require a captcha/ })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Save sign-in settings' })).toBeDisabled();
  });

  it('refuses a line that is not an origin, then saves origins and both switches', async () => {
    const calls = setup('owner');
    const origins = await screen.findByLabelText('Allowed origins');
    fireEvent.change(origins, { target: { value: 'https://app.example.com\nhttps://shop.example.com/checkout' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save sign-in settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('https://shop.example.com/checkout is not an origin');
    expect(origins).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.key.startsWith('PATCH'))).toBe(false);

    fireEvent.change(origins, { target: { value: ' https://app.example.com \n\nhttp://localhost:5173' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Require a captcha/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Require a second factor/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save sign-in settings' }));
    await waitFor(() => expect(calls.some((c) => c.key.startsWith('PATCH'))).toBe(true));
    const patch = calls.find((c) => c.key.startsWith('PATCH'))!;
    expect(jsonBody(patch.init)).toEqual({
      allowedOrigins: ['https://app.example.com', 'http://localhost:5173'],
      authConfig: { captcha: { enabled: true }, mfa: { required: true } },
    });
  });

  it('is read-only for developers', async () => {
    setup('developer');
    expect(await screen.findByLabelText('Allowed origins')).toHaveAttribute('readonly');
    expect(screen.getByRole('checkbox', { name: /Require a captcha/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save sign-in settings' })).toBeNull();
    expect(screen.getByText('Only owners and admins can change sign-in settings.')).toBeInTheDocument();
  });

  it('shows the error when the settings cannot be read', async () => {
    setup('owner', 500);
    expect(await screen.findByRole('alert')).toHaveTextContent('[500] Boom');
  });
});
