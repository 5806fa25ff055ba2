// The React components take the incumbent's props: <StytchProvider stytch> around <StytchLogin config styles callbacks>.
import { act, cleanup, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StytchUIClient } from '../index.ts';
import { publicToken, stubNetwork } from '../testing.ts';
import { StytchLogin, StytchPasswordReset, StytchProvider, useStytch } from './index.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('React components', () => {
  it('<StytchLogin> mounts the widget with its config and styles, and removes it on unmount', async () => {
    stubNetwork();
    const stytch = new StytchUIClient(publicToken(), { telemetry: false });
    const config = { products: ['otp' as const], otpOptions: { methods: ['email' as const], expirationMinutes: 5 } };
    const styles = { colors: { primary: '#224466' } };
    const view = render(createElement(StytchProvider, { stytch }, createElement(StytchLogin, { config, styles })));
    expect(await screen.findByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
    expect(document.querySelector<HTMLElement>('.ks-widget')!.style.getPropertyValue('--ks-colors-primary')).toBe('#224466');
    act(() => view.unmount());
    expect(document.querySelector('.ks-widget')).toBeNull();
  });

  it('<StytchPasswordReset passwordResetToken> mounts the Password Reset Form with the token', async () => {
    stubNetwork();
    const stytch = new StytchUIClient(publicToken(), { telemetry: false });
    const resetByEmail = vi.spyOn(stytch.passwords, 'resetByEmail');
    const config = { products: ['passwords' as const] };
    const view = render(createElement(StytchProvider, { stytch }, createElement(StytchPasswordReset, { config, passwordResetToken: 'reset-token' })));
    expect(await screen.findByRole('heading', { name: 'Set a new password' })).toBeTruthy();
    expect(screen.getByLabelText('New password')).toBeTruthy();
    expect(resetByEmail).not.toHaveBeenCalled();
    act(() => view.unmount());
    expect(document.querySelector('.ks-widget')).toBeNull();
  });

  it('useStytch outside a provider throws the §8 context error', () => {
    const Probe = () => {
      useStytch();
      return null;
    };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(createElement(Probe))).toThrow('useStytch can only be used inside <StytchProvider>');
  });
});
