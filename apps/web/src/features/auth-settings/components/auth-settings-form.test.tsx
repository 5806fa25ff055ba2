import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TestProviders, jsonBody, mockFetch } from '../../../testing/render';
import type { AuthSettings } from '../types/auth-settings';
import { AuthSettingsSection } from './auth-settings-form';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const stored: AuthSettings = {
  allowedOrigins: ['https://app.example.com'],
  authConfig: {
    redirectUrls: { allowed: ['https://app.example.com/authenticate'], login: 'https://app.example.com/authenticate' },
    magicLinks: { loginExpirationMinutes: 30, signupExpirationMinutes: 30, pkceRequired: false },
    otps: { emailExpirationMinutes: 10, smsExpirationMinutes: 5, whatsappExpirationMinutes: 5 },
    passwords: {
      strengthPolicy: 'zxcvbn',
      ludsMinimumCount: 8,
      ludsComplexity: 3,
      pkceRequiredForResets: false,
      resetExpirationMinutes: 30,
      breachCheckOnLogin: true,
    },
    captcha: { enabled: false },
    mfa: { required: false },
    cryptoWallets: { siweRequired: false },
    oauth: { pkceRequired: false },
    signInMethods: { farcaster: false },
    widget: { config: { products: ['otp'] }, styles: {} },
  },
};

type Answer = { status: number; body: unknown };

function setup(role: 'owner' | 'admin' | 'developer', options: { getStatus?: number; patch?: (body: AuthSettings) => Answer } = {}) {
  const { getStatus = 200, patch = (body) => ({ status: 200, body }) } = options;
  const calls = mockFetch({
    'GET /api/console/projects/p1/auth-config':
      getStatus === 200
        ? { body: stored }
        : { status: getStatus, body: { status_code: getStatus, error_type: 'internal_server_error', error_message: 'Boom' } },
    'PATCH /api/console/projects/p1/auth-config': (init) => patch(jsonBody(init) as AuthSettings),
  });
  render(
    <TestProviders>
      <AuthSettingsSection projectId="p1" role={role} />
    </TestProviders>,
  );
  return { patches: () => calls.filter((c) => c.key.startsWith('PATCH')).map((c) => jsonBody(c.init) as AuthSettings) };
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save sign-in settings' }));
const change = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('AuthSettingsSection', () => {
  it('shows a loading state, then every stored setting', async () => {
    setup('owner');
    expect(screen.getByRole('status')).toHaveTextContent('Loading sign-in settings');
    expect(await screen.findByLabelText('Allowed origins')).toHaveValue('https://app.example.com');
    expect(within(screen.getByRole('list', { name: 'Allowed redirect URLs' })).getByText('https://app.example.com/authenticate')).toBeInTheDocument();
    expect(screen.getByLabelText('Default login URL')).toHaveValue('https://app.example.com/authenticate');
    expect(screen.getByLabelText('Magic link expiry, login (minutes)')).toHaveValue(30);
    expect(screen.getByLabelText('Email passcode expiry (minutes)')).toHaveValue(10);
    expect(screen.getByLabelText('SMS passcode expiry (minutes)')).toHaveValue(5);
    expect(screen.getByLabelText('Strength policy')).toHaveValue('zxcvbn');
    expect(screen.getByLabelText('Minimum length (LUDS)')).toHaveValue(8);
    expect(screen.getByRole('checkbox', { name: /Check passwords against known breaches/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Require a captcha/ })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Save sign-in settings' })).toBeDisabled();
  });

  it('refuses a line that is not an origin and out-of-range numbers, with messages, and sends nothing', async () => {
    const { patches } = setup('owner');
    const origins = await screen.findByLabelText('Allowed origins');
    fireEvent.change(origins, { target: { value: 'https://app.example.com\nhttps://shop.example.com/checkout' } });
    change('Magic link expiry, login (minutes)', '4');
    change('Email passcode expiry (minutes)', '');
    change('Character classes required (LUDS)', '2.5');
    save();
    expect(await screen.findByText('https://shop.example.com/checkout is not an origin', { exact: false })).toBeInTheDocument();
    expect(origins).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Magic link expiry, login (minutes)')).toHaveAccessibleDescription('Enter a whole number from 5 to 10080');
    expect(screen.getByLabelText('Email passcode expiry (minutes)')).toHaveAccessibleDescription('Enter a whole number from 1 to 60');
    expect(screen.getByLabelText('Character classes required (LUDS)')).toHaveAccessibleDescription(/Enter a whole number from 1 to 4/);
    expect(patches()).toHaveLength(0);
  });

  it('saves every setting whole: origins, expiries, LUDS policy, PKCE, the breach check and SIWE', async () => {
    const { patches } = setup('admin');
    await screen.findByLabelText('Allowed origins');
    change('Allowed origins', ' https://app.example.com \n\nhttp://localhost:5173');
    change('Magic link expiry, login (minutes)', '5');
    change('Magic link expiry, signup (minutes)', '60');
    change('Email passcode expiry (minutes)', '3');
    change('SMS passcode expiry (minutes)', '2');
    change('Strength policy', 'luds');
    change('Minimum length (LUDS)', '12');
    change('Character classes required (LUDS)', '4');
    change('Default signup URL', 'https://app.example.com/welcome');
    fireEvent.click(screen.getByRole('checkbox', { name: /Require PKCE for magic links/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Require PKCE for OAuth/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Check passwords against known breaches/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Require Sign-In with Ethereum/ }));
    expect(screen.getByRole('status')).toHaveTextContent('You have unsaved changes.');
    save();
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toEqual({
      allowedOrigins: ['https://app.example.com', 'http://localhost:5173'],
      authConfig: {
        redirectUrls: {
          allowed: ['https://app.example.com/authenticate'],
          login: 'https://app.example.com/authenticate',
          signup: 'https://app.example.com/welcome',
        },
        magicLinks: { loginExpirationMinutes: 5, signupExpirationMinutes: 60, pkceRequired: true },
        otps: { emailExpirationMinutes: 3, smsExpirationMinutes: 2, whatsappExpirationMinutes: 5 },
        passwords: {
          strengthPolicy: 'luds',
          ludsMinimumCount: 12,
          ludsComplexity: 4,
          pkceRequiredForResets: false,
          resetExpirationMinutes: 30,
          breachCheckOnLogin: false,
        },
        captcha: { enabled: false },
        mfa: { required: false },
        cryptoWallets: { siweRequired: true },
        oauth: { pkceRequired: true },
      },
    });
    expect(await screen.findByText('All changes saved.')).toBeInTheDocument();
    expect(screen.getByLabelText('Minimum length (LUDS)')).toHaveValue(12);
  });

  it('adds redirect URLs after checking them, and removes them', async () => {
    const { patches } = setup('owner');
    const draft = await screen.findByLabelText('New redirect URL');
    const add = () => fireEvent.click(screen.getByRole('button', { name: 'Add URL' }));
    fireEvent.change(draft, { target: { value: 'app.example.com/callback' } });
    add();
    expect(draft).toHaveAccessibleDescription('Enter an absolute http:// or https:// URL without a user name or password');
    fireEvent.change(draft, { target: { value: 'https://app.example.com/authenticate' } });
    add();
    expect(draft).toHaveAccessibleDescription('https://app.example.com/authenticate is already on the list');
    fireEvent.change(draft, { target: { value: 'https://shop.example.com/callback' } });
    fireEvent.keyDown(draft, { key: 'Enter' });
    expect(draft).toHaveValue('');
    const list = screen.getByRole('list', { name: 'Allowed redirect URLs' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('code')?.textContent),
    ).toEqual(['https://app.example.com/authenticate', 'https://shop.example.com/callback']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove https://app.example.com/authenticate' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(patches()).toHaveLength(0);
    save();
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]!.authConfig.redirectUrls.allowed).toEqual(['https://shop.example.com/callback']);
  });

  it('asks before turning captcha or MFA on, explaining the effect; cancel leaves it off', async () => {
    const { patches } = setup('owner');
    const captcha = await screen.findByRole('checkbox', { name: /Require a captcha/ });
    fireEvent.click(captcha);
    const dialog = await screen.findByRole('alertdialog', { name: 'Require a captcha?' });
    expect(dialog).toHaveTextContent("refused with 'Captcha required'");
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(captcha).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Save sign-in settings' })).toBeDisabled();

    fireEvent.click(captcha);
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Require a captcha' }));
    await waitFor(() => expect(captcha).toBeChecked());

    const mfa = screen.getByRole('checkbox', { name: /Require a second factor/ });
    fireEvent.click(mfa);
    const mfaDialog = await screen.findByRole('alertdialog', { name: 'Require a second factor?' });
    expect(mfaDialog).toHaveTextContent('must enter a code from the app');
    fireEvent.click(within(mfaDialog).getByRole('button', { name: 'Require a second factor' }));
    await waitFor(() => expect(mfa).toBeChecked());

    // Turning one off again needs no confirmation.
    fireEvent.click(mfa);
    expect(mfa).not.toBeChecked();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    save();
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]!.authConfig).toMatchObject({ captcha: { enabled: true }, mfa: { required: false } });
  });

  it('shows the server refusal and keeps the edits', async () => {
    setup('owner', {
      patch: () => ({
        status: 400,
        body: {
          status_code: 400,
          error_type: 'invalid_request',
          error_message: 'Request does not match expected schema. authConfig.otps.emailExpirationMinutes: must be a whole number from 1 to 60',
        },
      }),
    });
    await screen.findByLabelText('Allowed origins');
    change('Email passcode expiry (minutes)', '7');
    save();
    expect(await screen.findByText(/\[400\] Request does not match expected schema/)).toBeInTheDocument();
    expect(screen.getByLabelText('Email passcode expiry (minutes)')).toHaveValue(7);
    expect(screen.queryByText('All changes saved.')).toBeNull();
  });

  it('is read-only for developers', async () => {
    setup('developer');
    expect(await screen.findByLabelText('Allowed origins')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Magic link expiry, login (minutes)')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Default login URL')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Strength policy')).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: /Require a captcha/ })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: /Require PKCE for magic links/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save sign-in settings' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add URL' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(screen.getByText('Only owners and admins can change sign-in settings.')).toBeInTheDocument();
  });

  it('shows the error when the settings cannot be read', async () => {
    setup('owner', { getStatus: 500 });
    expect(await screen.findByRole('alert')).toHaveTextContent('[500] Boom');
  });
});
