// The passkeys product through the public API: the Main screen's passkey button versus autofill (spec §2), passkey
// sign-in to Passkey Confirmation with the §8 messages, and the passkey registration mount mode (§2, §6, §8):
// Register New Passkey, skip, Passkey Registration Success with rename, delete and add another.
import { UsageError } from '@keepsake/auth-js/errors';
import type { User } from '@keepsake/auth-js/types';
import type { WebauthnApi } from '@keepsake/auth-js/webauthn';
import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import { act, cleanup, render } from '@testing-library/react';
import { h } from 'preact';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUIClient, Products, StytchEventType, type StytchEvent, type UIProduct } from '../../index.ts';
import { StytchPasskeyRegistration, StytchProvider } from '../../react/index.ts';
import { clearPage, pageElement, publicToken, sent, stubNetwork, uiClient } from '../../testing.ts';
import { otpUI } from '../otp/index.ts';
import { passkeysUI } from './index.ts';
import { hostCanHoldPasskeys } from './login.tsx';

const NOT_FOUND = 'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.';
const UNKNOWN = 'Unknown error occurred during passkey authentication. Please try again.';
const ALREADY =
  'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.';
const NOT_CREATED = 'Your Passkey was not created. Click “Create a Passkey” to try again or skip without adding a Passkey.';
const NO_SESSION = 'Error: Cannot use PasskeyRegistration component without active user authenticated.';

const otpAndPasskeys = { products: [Products.otp, Products.passkeys], otpOptions: { methods: ['email' as const], expirationMinutes: 5 } };
const signedIn = { status_code: 200, webauthn_registration_id: 'webauthn-registration-1' } as never;

afterEach(() => {
  cleanup();
  clearPage();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function setup({ autofill = false } = {}) {
  const ui = uiClient();
  const { webauthn } = ui.client;
  const spies = {
    supports: vi.spyOn(webauthn, 'browserSupportsAutofill').mockResolvedValue(autofill),
    authenticate: vi.spyOn(webauthn, 'authenticate'),
    autofill: vi.spyOn(webauthn, 'autofill'),
    register: vi.spyOn(webauthn, 'register'),
    update: vi.spyOn(webauthn, 'update'),
  };
  const events: StytchEvent[] = [];
  const onError = vi.fn();
  const callbacks = { onEvent: (event: StytchEvent) => events.push(event), onError };
  pageElement();
  return { ...ui, ...spies, events, onError, callbacks };
}

describe('Main screen: the passkey button versus autofill (spec §2)', () => {
  it('puts "Login with a Passkey" at the top when the browser has no passkey autofill, and signs in to Passkey Confirmation', async () => {
    const { client, authenticate, events, callbacks } = setup();
    authenticate.mockResolvedValue(signedIn);
    client.mountLogin({ elementId: '#login', config: otpAndPasskeys, callbacks });
    // The first test of the file also waits for the modules to load on a busy machine.
    const button = await screen.findByRole('button', { name: 'Login with a Passkey' }, { timeout: 5_000 });
    const buttons = screen.getAllByRole('button').map((b) => b.textContent);
    expect(buttons).toEqual(['Login with a Passkey', 'Continue']);
    fireEvent.click(button);
    expect(authenticate).toHaveBeenCalledWith({ session_duration_minutes: 30, is_passkey: true });
    expect(await screen.findByRole('heading', { name: 'Success' })).toBeTruthy();
    expect(screen.getByText('You have successfully logged in with your Passkey.')).toBeTruthy();
    expect(events.map((event) => event.type)).toEqual([StytchEventType.PasskeyAuthenticate, StytchEventType.AuthenticateFlowComplete]);
  });

  it('with autofill support and the email form, shows no button and offers passkeys on the email input, aborted when the user moves on', async () => {
    const { client, autofill, authenticate, loginOrCreate } = setup({ autofill: true });
    let signal: AbortSignal | undefined;
    autofill.mockImplementation(async (options) => {
      signal = options.signal;
      return null;
    });
    client.mountLogin({ elementId: '#login', config: { ...otpAndPasskeys, sessionOptions: { sessionDurationMinutes: 60 } } });
    await waitFor(() => expect(autofill).toHaveBeenCalledTimes(1));
    expect(autofill).toHaveBeenCalledWith(expect.objectContaining({ session_duration_minutes: 60 }));
    expect(screen.queryByRole('button', { name: 'Login with a Passkey' })).toBeNull();
    expect(screen.getByLabelText('Email').getAttribute('autocomplete')).toBe('username webauthn');
    expect(signal?.aborted).toBe(false);
    loginOrCreate.mockResolvedValue(sent());
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Enter passcode' });
    await waitFor(() => expect(signal?.aborted).toBe(true));
    expect(authenticate).not.toHaveBeenCalled();
  });

  it('goes to Passkey Confirmation when the autofill signs in', async () => {
    const { client, autofill, events, callbacks } = setup({ autofill: true });
    autofill.mockResolvedValue(signedIn);
    client.mountLogin({ elementId: '#login', config: otpAndPasskeys, callbacks });
    expect(await screen.findByText('You have successfully logged in with your Passkey.')).toBeTruthy();
    expect(events[0]).toEqual({ type: StytchEventType.PasskeyAuthenticate, data: signedIn });
  });

  it('keeps the button when no email or phone form is shown, or inside a shadow root, even with autofill support', async () => {
    const { client, autofill } = setup({ autofill: true });
    const buttons: UIProduct = { product: Products.oauth, sdk: [], main: { kind: 'buttons', Component: () => h('p', null, 'oauth buttons') } };
    stubNetwork();
    const noForm = createUIClient(publicToken(), { products: [otpUI, passkeysUI, buttons], telemetry: false });
    const noFormSupports = vi.spyOn((noForm.headless as unknown as { webauthn: WebauthnApi }).webauthn, 'browserSupportsAutofill').mockResolvedValue(true);
    noForm.mountLogin({ elementId: '#login', config: { products: [Products.oauth, Products.passkeys] } });
    expect(await screen.findByRole('button', { name: 'Login with a Passkey' })).toBeTruthy();
    expect(noFormSupports).not.toHaveBeenCalled();

    const element = pageElement('shadow');
    client.mountLogin({ elementId: '#shadow', config: { ...otpAndPasskeys, enableShadowDOM: true } });
    const root = element.querySelector('[data-keepsake-auth-ui="shadow-host"]')!.shadowRoot!;
    expect(await within(root.querySelector<HTMLElement>('.ks-widget')!).findByRole('button', { name: 'Login with a Passkey' })).toBeTruthy();
    expect(autofill).not.toHaveBeenCalled();
  });
});

describe('passkey sign-in failures (spec §8)', () => {
  it('shows the "not found" message for a passkey deleted from the account, and the unknown-error message otherwise', async () => {
    const { client, authenticate, onError, callbacks } = setup();
    authenticate.mockRejectedValueOnce(Object.assign(new Error('[404]'), { error_type: 'webauthn_registration_not_found', error_message: 'x' }));
    client.mountLogin({ elementId: '#login', config: otpAndPasskeys, callbacks });
    fireEvent.click(await screen.findByRole('button', { name: 'Login with a Passkey' }));
    expect((await screen.findByRole('alert')).textContent).toBe(NOT_FOUND);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: NOT_FOUND }));

    authenticate.mockRejectedValueOnce(Object.assign(new Error('[500]'), { error_type: 'internal_server_error' }));
    fireEvent.click(screen.getByRole('button', { name: 'Login with a Passkey' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(UNKNOWN));

    authenticate.mockResolvedValueOnce(null);
    fireEvent.click(screen.getByRole('button', { name: 'Login with a Passkey' }));
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(3));
    expect(screen.getByRole('alert').textContent).toBe(UNKNOWN);
    expect(screen.getByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
  });

  it('shows each failed autofill try and the final failure', async () => {
    const { client, autofill, onError, callbacks } = setup({ autofill: true });
    autofill.mockImplementation(async (options) => {
      options.onError?.(Object.assign(new Error('[404]'), { error_type: 'webauthn_registration_not_found' }));
      throw new Error('cancelled');
    });
    client.mountLogin({ elementId: '#login', config: otpAndPasskeys, callbacks });
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(2));
    expect(onError.mock.calls.map(([error]) => error.message)).toEqual([NOT_FOUND, UNKNOWN]);
    expect(screen.getByRole('alert').textContent).toBe(UNKNOWN);
  });
});

describe('where passkeys cannot work', () => {
  it('an autofill the project refuses for this domain goes to onError once, and the visitor sees the form without an error', async () => {
    const { client, autofill, onError, callbacks } = setup({ autofill: true });
    const refused = Object.assign(new Error('[400]'), { error_type: 'domain_not_allowed', error_message: 'The domain is not allowed.' });
    autofill.mockImplementation(async (options) => {
      options.onError?.(refused);
      return options.signal?.aborted ? null : Promise.reject(refused);
    });
    client.mountLogin({ elementId: '#login', config: otpAndPasskeys, callbacks });
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(onError.mock.calls[0]![0].message).toBe('The domain is not allowed.');
    expect(autofill.mock.calls[0]![0].signal?.aborted).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Login with a Passkey' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
  });

  it('an IP address cannot be a passkey relying party; host names can', () => {
    for (const host of ['127.0.0.1', '10.0.0.7', '[::1]', '::1']) expect(hostCanHoldPasskeys(host)).toBe(false);
    for (const host of ['localhost', 'keepsake.example.com', 'app.localhost']) expect(hostCanHoldPasskeys(host)).toBe(true);
  });
});

const passkey = (id: string, name: string) => ({ webauthn_registration_id: id, name, verified: true });

/** A signed-in user with `passkeys`; `change` plays the SDK telling the widget the user changed. */
function signIn(client: ReturnType<typeof setup>['client'], passkeys: ReturnType<typeof passkey>[]) {
  let user = { user_id: 'user-1', webauthn_registrations: passkeys } as unknown as User;
  vi.spyOn(client.session, 'getSync').mockReturnValue({ session_id: 'session-1' } as never);
  const getSync = vi.spyOn(client.user, 'getSync').mockImplementation(() => user);
  const get = vi.spyOn(client.user, 'get').mockImplementation(async () => user);
  const listeners: Array<(user: User | null) => void> = [];
  vi.spyOn(client.user, 'onChange').mockImplementation((listener) => {
    listeners.push(listener);
    return () => listeners.splice(listeners.indexOf(listener), 1);
  });
  const change = (next: ReturnType<typeof passkey>[]) => {
    user = { ...user, webauthn_registrations: next };
    act(() => listeners.forEach((listener) => listener(user)));
  };
  return { get, getSync, change };
}

describe('mountPasskeyRegistration (spec §2, §6)', () => {
  it('needs a session: shows the §6 error and hands it to onError', async () => {
    const { client, onError, callbacks } = setup();
    client.mountPasskeyRegistration({ elementId: '#login', callbacks });
    expect(screen.getByRole('alert').textContent).toBe(NO_SESSION);
    await waitFor(() => expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: NO_SESSION })));
    expect(screen.queryByRole('button', { name: 'Create a Passkey' })).toBeNull();
  });

  it('needs the passkeys product module and an element', () => {
    stubNetwork();
    const lean = createUIClient(publicToken(), { products: [otpUI], telemetry: false });
    expect(() => lean.mountPasskeyRegistration({ elementId: '#login' })).toThrow(UsageError);
    const { client } = setup();
    expect(() => client.mountPasskeyRegistration({ elementId: '#missing' })).toThrow(/No element matches elementId "#missing"/);
  });

  it('Register New Passkey: creates a passkey, then lists it with a "Passkey created" toast', async () => {
    const { client, register, events, callbacks } = setup();
    const { change } = signIn(client, []);
    register.mockImplementation(async () => {
      change([passkey('webauthn-registration-1', 'Chrome on Linux')]);
      return signedIn;
    });
    client.mountPasskeyRegistration({ elementId: '#login', callbacks });
    expect(screen.getByRole('heading', { name: 'Set up a new Passkey' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create a Passkey' }));
    expect(register).toHaveBeenCalledWith({ is_passkey: true, session_duration_minutes: 30 });
    expect(await screen.findByRole('heading', { name: 'Your Passkeys' })).toBeTruthy();
    expect(await screen.findByText('Passkey created')).toBeTruthy();
    expect(within(await screen.findByRole('list', { name: 'Passkeys' })).getByText('Chrome on Linux')).toBeTruthy();
    expect(events.map((event) => event.type)).toEqual([StytchEventType.PasskeyRegister]);
  });

  it('stays on Register New Passkey with the §8 message when the passkey was not created, and Skip leads to the list', async () => {
    const { client, register, events, callbacks } = setup();
    signIn(client, []);
    register.mockRejectedValueOnce(Object.assign(new Error('exists'), { name: 'PasskeyAlreadyRegisteredError', reason: 'InvalidStateError' }));
    client.mountPasskeyRegistration({ elementId: '#login', callbacks });
    fireEvent.click(screen.getByRole('button', { name: 'Create a Passkey' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ALREADY);
    register.mockRejectedValueOnce(Object.assign(new Error('cancelled'), { name: 'PasskeyCeremonyError', reason: 'NotAllowedError' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create a Passkey' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(NOT_CREATED));
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(await screen.findByRole('heading', { name: 'Your Passkeys' })).toBeTruthy();
    expect(await screen.findByText('You have no Passkeys yet.')).toBeTruthy();
    expect(events.map((event) => event.type)).toEqual([StytchEventType.PasskeySkip]);
  });

  it('starts at the list when the user has passkeys, refreshed from the server; Done fires PASSKEY_DONE', async () => {
    const { client, events, callbacks } = setup();
    const { get } = signIn(client, [passkey('webauthn-registration-1', 'Work laptop'), passkey('webauthn-registration-2', 'Phone')]);
    client.mountPasskeyRegistration({ elementId: '#login', callbacks });
    const list = screen.getByRole('list', { name: 'Passkeys' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('.ks-passkey-name')?.textContent),
    ).toEqual(['Work laptop', 'Phone']);
    await waitFor(() => expect(get).toHaveBeenCalled());
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(events.map((event) => event.type)).toEqual([StytchEventType.PasskeyDone]);
  });

  it('goes to the list when the page did not know the user and the server says they have passkeys', async () => {
    const { client } = setup();
    const { get, getSync } = signIn(client, [passkey('webauthn-registration-1', 'Work laptop')]);
    getSync.mockReturnValueOnce(null).mockReturnValueOnce(null).mockReturnValueOnce(null);
    client.mountPasskeyRegistration({ elementId: '#login' });
    expect(screen.getByRole('heading', { name: 'Set up a new Passkey' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Your Passkeys' })).toBeTruthy();
    expect(get).toHaveBeenCalled();
    expect(screen.getByText('Work laptop')).toBeTruthy();
  });

  it('renames a passkey with a free-text name, refusing an empty one', async () => {
    const { client, update } = setup();
    const { change } = signIn(client, [passkey('webauthn-registration-1', 'Chrome on Linux')]);
    update.mockImplementation(async () => {
      change([passkey('webauthn-registration-1', 'My YubiKey (blue)')]);
      return {} as never;
    });
    client.mountPasskeyRegistration({ elementId: '#login' });
    fireEvent.click(screen.getByRole('button', { name: 'Rename Chrome on Linux' }));
    const field = await screen.findByLabelText<HTMLInputElement>('Passkey name');
    expect(field.value).toBe('Chrome on Linux');
    fireEvent.input(field, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a name for your Passkey.');
    expect(update).not.toHaveBeenCalled();
    fireEvent.input(field, { target: { value: ' My YubiKey (blue) ' } });
    // The SDK's user refreshing meanwhile (the list's own user.get) leaves what the user typed alone.
    change([passkey('webauthn-registration-1', 'Chrome on Linux')]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(field.value).toBe(' My YubiKey (blue) ');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith({ webauthn_registration_id: 'webauthn-registration-1', name: 'My YubiKey (blue)' }));
    expect(await screen.findByRole('button', { name: 'Rename My YubiKey (blue)' })).toBeTruthy();
    expect(screen.queryByLabelText('Passkey name')).toBeNull();
    expect(screen.getByText('Passkey renamed')).toBeTruthy();
  });

  it('asks before deleting with the §8 warning; Cancel keeps the passkey, Delete removes it', async () => {
    const { client } = setup();
    const { change } = signIn(client, [passkey('webauthn-registration-1', 'Work laptop'), passkey('webauthn-registration-2', 'Phone')]);
    const remove = vi.spyOn(client.user, 'deleteWebauthnRegistration').mockImplementation(async () => {
      change([passkey('webauthn-registration-2', 'Phone')]);
      return {} as never;
    });
    client.mountPasskeyRegistration({ elementId: '#login' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Work laptop' }));
    const confirm = await screen.findByRole('group', { name: 'Delete Work laptop?' });
    expect(within(confirm).getByText('Once deleted, the passkey cannot be restored.').className).toBe('ks-message ks-message-warning');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('group')).toBeNull());
    expect(remove).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Work laptop' }));
    fireEvent.click(within(await screen.findByRole('group', { name: 'Delete Work laptop?' })).getByRole('button', { name: 'Delete' }));
    expect(remove).toHaveBeenCalledWith('webauthn-registration-1');
    await waitFor(() => expect(screen.queryByText('Work laptop')).toBeNull());
    expect(screen.getByText('Passkey deleted')).toBeTruthy();
  });

  it('shows a failed delete or rename with the server message, and a failed "add another" with the §8 message', async () => {
    const { client, register, update, onError, callbacks } = setup();
    signIn(client, [passkey('webauthn-registration-1', 'Work laptop')]);
    vi.spyOn(client.user, 'deleteWebauthnRegistration').mockRejectedValue(
      Object.assign(new Error('x'), { error_message: 'The user must keep one way to sign in.' }),
    );
    update.mockRejectedValue(Object.assign(new Error('x'), { error_message: 'Too many requests have been made.' }));
    register.mockRejectedValue(Object.assign(new Error('x'), { name: 'ApiError', error_type: 'invalid_request' }));
    client.mountPasskeyRegistration({ elementId: '#login', callbacks });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Work laptop' }));
    fireEvent.click(within(await screen.findByRole('group')).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The user must keep one way to sign in.');
    fireEvent.click(within(screen.getByRole('group')).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Work laptop' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests have been made.');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByLabelText('Passkey name')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Add another Passkey' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(NOT_CREATED));
    expect(onError).toHaveBeenCalledTimes(3);
  });

  it('shows the loading state, then the load error, when the user is not known yet', async () => {
    const { client } = setup();
    vi.spyOn(client.session, 'getSync').mockReturnValue({ session_id: 'session-1' } as never);
    vi.spyOn(client.user, 'getSync').mockReturnValue(null);
    let fail!: (error: unknown) => void;
    const get = vi.spyOn(client.user, 'get').mockImplementation(() => new Promise((_, reject) => (fail = reject)));
    client.mountPasskeyRegistration({ elementId: '#login' });
    // Register New Passkey asks first (is this a user with passkeys?); the list asks again.
    await waitFor(() => expect(get).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(await screen.findByText('Loading your Passkeys…')).toBeTruthy();
    await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
    fail(Object.assign(new Error('x'), { error_message: 'Unable to contact our servers.' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Unable to contact our servers.');
    expect(screen.queryByText('Loading your Passkeys…')).toBeNull();
  });
});

describe('<StytchPasskeyRegistration>', () => {
  it('mounts passkey registration with its styles and callbacks, and removes it on unmount', async () => {
    const { client } = setup();
    signIn(client, []);
    const onEvent = vi.fn();
    const view = render(
      createElement(
        StytchProvider,
        { stytch: client },
        createElement(StytchPasskeyRegistration, { styles: { colors: { primary: '#224466' } }, callbacks: { onEvent } }),
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Skip' }));
    expect(onEvent).toHaveBeenCalledWith({ type: StytchEventType.PasskeySkip, data: {} });
    expect([...document.querySelectorAll<HTMLElement>('.ks-widget')].some((root) => root.style.getPropertyValue('--ks-colors-primary') === '#224466')).toBe(
      true,
    );
    act(() => view.unmount());
    expect(document.querySelector('[id^="stytch-passkey-registration"] .ks-widget')).toBeNull();
  });
});
