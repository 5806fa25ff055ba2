// Issue 13 item 4: the branding playground. Controls change the draft; the real widget in the preview and the
// snippet follow it; the server's schema decides what can be saved.
import { CONFIG_ERRORS } from '@keepsake/auth-ui';
import { widgetConfigErrors } from '@keepsake/wire/console/widget-settings';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonBody, mockFetch, renderWithProviders } from '../../../testing/render';
import type { SavedWidget } from '../types/widget-settings';
import { WidgetPlaygroundSection } from './widget-playground';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const saved: SavedWidget = { config: { products: ['otp', 'passkeys'], otpOptions: { methods: ['email'], expirationMinutes: 5 } }, styles: {} };

function setup({ editable = true, oauthProviders = ['google'] }: { editable?: boolean; oauthProviders?: string[] } = {}) {
  const calls = mockFetch({
    'GET /api/console/projects/p1/auth-config': { body: { allowedOrigins: [], authConfig: { widget: saved } } },
    'PATCH /api/console/projects/p1/auth-config': (init) => ({
      body: { allowedOrigins: [], authConfig: (jsonBody(init) as { authConfig: unknown }).authConfig },
    }),
    // The preview's widget is the real one: its client asks for the project's bootstrap.
    'GET /sdk/v1/projects/bootstrap/public-token-test-p1': { body: { data: {} } },
  });
  renderWithProviders(
    <WidgetPlaygroundSection
      projectId="p1"
      publicToken="public-token-test-p1"
      oauthProviders={oauthProviders}
      editable={editable}
      endpoint="https://keepsake.example.com"
    />,
  );
  return { patches: () => calls.filter((call) => call.key.startsWith('PATCH')).map((call) => jsonBody(call.init)) };
}

/** The snippet shown under the flavour's tab (Radix renders only the open tab's panel). */
function code(flavour: 'JavaScript' | 'React'): string {
  fireEvent.mouseDown(screen.getByRole('tab', { name: flavour }));
  return screen.getByLabelText(`${flavour} code`).textContent ?? '';
}
const preview = () => screen.getByTestId('widget-preview');
const widgetRoot = () => preview().querySelector<HTMLElement>('.ks-widget')!;
const toggle = (name: string) => fireEvent.click(screen.getByRole('checkbox', { name: new RegExp(`^${name}`) }));

// A big form and the real widget: role queries over it take seconds on a busy machine.
describe('WidgetPlayground', { timeout: 20_000 }, () => {
  it('loads the saved widget into the controls, the preview and the snippet', async () => {
    setup();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the widget settings');
    expect(await screen.findByRole('checkbox', { name: 'One-time passcodes' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^Passkeys/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Email magic links' })).not.toBeChecked();
    // Every product the widget exports is listed, switched-on ones first, in their order.
    const rows = within(screen.getByRole('list', { name: 'Products in order' })).getAllByRole('listitem');
    const order = rows.map((row) => row.querySelector('label > span')?.firstChild?.textContent);
    expect(order).toEqual(['One-time passcodes', 'Passkeys', 'Email magic links', 'OAuth (social sign-in)', 'Crypto wallets', 'Passwords']);
    expect(screen.getByLabelText('Passcode expiry (minutes)')).toHaveValue(5);
    expect(code('JavaScript')).toContain("new StytchUIClient('public-token-test-p1', { endpoint: 'https://keepsake.example.com' })");
    expect(code('JavaScript')).toContain("products: ['otp', 'passkeys'],");
    await waitFor(() => expect(within(preview()).getByText('Sign up or log in')).toBeInTheDocument());
  });

  it('a colour changes the preview and the snippet at once; the picker writes the same field', async () => {
    setup();
    await screen.findByRole('checkbox', { name: 'One-time passcodes' });
    const primary = screen.getByLabelText('Colours: Primary');
    expect(primary).toHaveAttribute('placeholder', '#19303D');
    fireEvent.change(primary, { target: { value: '#FF6347' } });
    await waitFor(() => expect(widgetRoot().style.getPropertyValue('--ks-colors-primary')).toBe('#FF6347'));
    expect(code('JavaScript')).toContain("colors: {\n      primary: '#FF6347',\n    },");
    // The §8 warning boxes' colour (a breached-password lead, zxcvbn's hint) is themable like the others.
    const warning = screen.getByLabelText('Colours: Warning');
    expect(warning).toHaveAttribute('placeholder', '#7A4B00');
    fireEvent.change(warning, { target: { value: '#995500' } });
    await waitFor(() => expect(widgetRoot().style.getPropertyValue('--ks-colors-warning')).toBe('#995500'));
    fireEvent.change(warning, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Pick Primary button: Background'), { target: { value: '#0a0b0c' } });
    expect(screen.getByLabelText('Primary button: Background')).toHaveValue('#0A0B0C');
    await waitFor(() => expect(widgetRoot().style.getPropertyValue('--ks-buttons-primary-background-color')).toBe('#0A0B0C'));
    // Clearing a field goes back to the default, and the snippet drops it.
    fireEvent.change(primary, { target: { value: '' } });
    expect(code('JavaScript')).not.toContain('colors');
    fireEvent.click(screen.getByRole('checkbox', { name: "Hide the 'Sign up or log in' heading" }));
    await waitFor(() => expect(within(preview()).queryByText('Sign up or log in')).not.toBeInTheDocument());
    expect(code('React')).toContain('hideHeaderText: true,');
  });

  it('products switch on and off and move, with their options; the order reaches the snippet', async () => {
    setup();
    await screen.findByRole('checkbox', { name: 'One-time passcodes' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Text (SMS)' }));
    expect(code('JavaScript')).toContain("methods: ['email', 'sms'],");
    toggle('OAuth');
    fireEvent.click(screen.getByRole('checkbox', { name: 'google' }));
    expect(code('JavaScript')).toContain("products: ['otp', 'passkeys', 'oauth'],");
    expect(code('JavaScript')).toContain("type: 'google',");
    fireEvent.click(screen.getByRole('button', { name: 'Move OAuth (social sign-in) up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move OAuth (social sign-in) up' }));
    expect(code('JavaScript')).toContain("products: ['oauth', 'otp', 'passkeys'],");
    expect(screen.getByRole('button', { name: 'Move OAuth (social sign-in) up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Passkeys down' })).toBeDisabled();
    // Products switched off do not move; switched off, a product leaves the config and the snippet.
    expect(screen.getByRole('button', { name: 'Move Passwords up' })).toBeDisabled();
    toggle('One-time passcodes');
    expect(code('JavaScript')).toContain("products: ['oauth', 'passkeys'],");
  });

  it('a §5 configuration error shows in the preview as the widget shows it, and stops saving', async () => {
    const { patches } = setup();
    expect(CONFIG_ERRORS).toEqual(widgetConfigErrors);
    await screen.findByRole('checkbox', { name: 'One-time passcodes' });
    toggle('One-time passcodes');
    await waitFor(() => expect(preview()).toHaveTextContent(CONFIG_ERRORS.passkeysAlone));
    expect(within(screen.getByRole('list', { name: 'What stops saving' })).getByText(CONFIG_ERRORS.passkeysAlone)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save widget' })).toBeDisabled();
    toggle('Email magic links');
    toggle('One-time passcodes');
    await waitFor(() => expect(preview()).toHaveTextContent(CONFIG_ERRORS.emlAndEmailOtp));
    expect(screen.getByRole('button', { name: 'Save widget' })).toBeDisabled();
    expect(patches()).toHaveLength(0);
  });

  it('saves the draft whole as authConfig.widget; revert brings back the saved one', async () => {
    const { patches } = setup();
    await screen.findByRole('checkbox', { name: 'One-time passcodes' });
    fireEvent.change(screen.getByLabelText('Container: Width'), { target: { value: '360px' } });
    fireEvent.change(screen.getByLabelText('Session length (minutes)'), { target: { value: '60' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /^Render in a shadow root/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save widget' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toEqual({
      authConfig: {
        widget: {
          config: { ...saved.config, sessionOptions: { sessionDurationMinutes: 60 }, enableShadowDOM: true },
          styles: { container: { width: '360px' } },
        },
      },
    });
    expect(await screen.findByRole('button', { name: 'Save widget' })).toBeEnabled();
    fireEvent.change(screen.getByLabelText('Container: Width'), { target: { value: '500px' } });
    fireEvent.click(screen.getByRole('button', { name: 'Back to saved' }));
    expect(screen.getByLabelText('Container: Width')).toHaveValue('360px');
  });

  it('members who cannot save still try settings; no OAuth client points to project settings', async () => {
    setup({ editable: false, oauthProviders: [] });
    await screen.findByRole('checkbox', { name: 'One-time passcodes' });
    expect(screen.queryByRole('button', { name: 'Save widget' })).not.toBeInTheDocument();
    expect(screen.getByText(/Only owners and admins can save/)).toBeInTheDocument();
    toggle('OAuth');
    expect(screen.getByText('The project has no OAuth provider yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add one in project settings' })).toHaveAttribute('href', '/console/projects/settings');
  });
});
