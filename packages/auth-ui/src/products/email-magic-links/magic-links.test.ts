// The emailMagicLinks product through mountLogin: the Email tab sends a login-or-create magic link with the
// config's options, then Email Confirmation ('Check your email', the mail provider links filtered to the sender
// domain, Resend with 'Email resent', 'Try again' back to Main) with its events and telemetry (spec §2, §4, §7, §8).
import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mailProviderLinks } from '../../components/check-email.tsx';
import { Products, StytchEventType, type StytchEvent } from '../../index.ts';
import { clearPage, pageElement, uiClient } from '../../testing.ts';
import { ApiError } from '@keepsake/auth-js/errors';

const config = {
  products: [Products.emailMagicLinks],
  emailMagicLinksOptions: {
    loginRedirectURL: 'https://app.example.com/login',
    signupRedirectURL: 'https://app.example.com/signup',
    loginExpirationMinutes: 15,
  },
};
const linkSent = { status_code: 200, request_id: 'request-1', user_id: 'user-1', email_id: 'email-1', user_created: true };

afterEach(() => {
  clearPage();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function mountMagicLinks(mountConfig: object = config) {
  const setup = uiClient();
  const sendLink = vi.spyOn(setup.client.magicLinks.email, 'loginOrCreate').mockResolvedValue(linkSent);
  const events: StytchEvent[] = [];
  const onError = vi.fn();
  pageElement();
  setup.client.mountLogin({ elementId: '#login', config: mountConfig as typeof config, callbacks: { onEvent: (event) => events.push(event), onError } });
  return { ...setup, sendLink, events, onError };
}

async function reachConfirmation(email = 'ada.lovelace.long@example.com') {
  const setup = mountMagicLinks();
  fireEvent.input(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { name: 'Check your email' });
  return setup;
}

describe('magic links: Main → Email Confirmation', () => {
  it('is the default product, and refuses an address that does not match the §5 pattern with "Invalid email address"', async () => {
    const { sendLink } = mountMagicLinks({ products: [] });
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'ada@example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email address');
    expect(sendLink).not.toHaveBeenCalled();
  });

  it('sends a login-or-create link with the config options and shows Check your email with the address truncated at 20', async () => {
    const { sendLink, events, track } = await reachConfirmation();
    expect(sendLink).toHaveBeenCalledWith('ada.lovelace.long@example.com', {
      login_magic_link_url: 'https://app.example.com/login',
      signup_magic_link_url: 'https://app.example.com/signup',
      login_expiration_minutes: 15,
      locale: 'en-US',
    });
    expect(screen.getByText('An email was sent to ada.lovelace.long@ex….')).toBeTruthy();
    expect(events.map((event) => event.type)).toEqual([StytchEventType.MagicLinkLoginOrCreateEvent]);
    await waitFor(() => expect(track).toHaveBeenCalledWith('email_sent'));
    for (const name of ['Open Gmail', 'Open Yahoo', 'Open Outlook']) expect(screen.getByRole('link', { name }).getAttribute('target')).toBe('_blank');
  });

  it('sends createUserAsPending as the body’s create_user_as_pending (through auth-js, on the wire); domainHint has no body field', async () => {
    const setup = uiClient();
    pageElement();
    const options = { ...config.emailMagicLinksOptions, createUserAsPending: true, domainHint: 'example.com' };
    setup.client.mountLogin({ elementId: '#login', config: { ...config, emailMagicLinksOptions: options } });
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Check your email' });
    const calls = vi.mocked(fetch).mock.calls.filter(([url]) => (url as string).endsWith('/magic_links/email/login_or_create'));
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0]![1]!.body as string)).toEqual({
      email: 'ada@example.com',
      login_magic_link_url: 'https://app.example.com/login',
      signup_magic_link_url: 'https://app.example.com/signup',
      login_expiration_minutes: 15,
      create_user_as_pending: true,
      locale: 'en-US', // the widget's resolved locale: the email's language
    });
  });

  it('shows a failed send’s server message under the field and hands it to onError', async () => {
    const { sendLink, onError } = mountMagicLinks();
    sendLink.mockRejectedValue(
      new ApiError({
        status_code: 400,
        request_id: 'r',
        error_type: 'invalid_redirect_url',
        error_message: 'The redirect URL is not allowed.',
        error_url: 'u',
      }),
    );
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The redirect URL is not allowed.');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'The redirect URL is not allowed.' }));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Continue' }).disabled).toBe(false);
  });

  it('Resend sends the link again and toasts "Email resent"; a failed resend toasts the server message', async () => {
    const { sendLink } = await reachConfirmation('ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText('Email resent')).toBeTruthy();
    expect(sendLink).toHaveBeenCalledTimes(2);
    sendLink.mockRejectedValue(
      new ApiError({ status_code: 429, request_id: 'r', error_type: 'too_many_requests', error_message: 'Too many emails, try later.', error_url: 'u' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Resend email' }));
    const toast = await screen.findByText('Too many emails, try later.');
    expect(toast.className).toContain('ks-toast-error');
  });

  it('Try again clears the email and returns to Main, with its telemetry event', async () => {
    const { track } = await reachConfirmation('ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'Sign up or log in' });
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('');
    expect(track).toHaveBeenCalledWith('email_try_again_clicked');
  });

  it('filters the mail provider links to the sender domain from the bootstrap', async () => {
    const setup = uiClient();
    vi.spyOn(setup.client.magicLinks.email, 'loginOrCreate').mockResolvedValue(linkSent);
    vi.spyOn(setup.client.headless, 'bootstrap').mockResolvedValue({ email_domains: ['mail.keepsake.dev'] } as never);
    pageElement();
    setup.client.mountLogin({ elementId: '#login', config });
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Open Gmail' }).getAttribute('href')).toContain('from%3Amail.keepsake.dev'));
    expect(screen.getByRole('link', { name: 'Open Outlook' }).getAttribute('href')).toContain('from%3Amail.keepsake.dev');
  });
});

describe('mailProviderLinks', () => {
  it('searches each provider for the sender domain, or opens the inbox when it is unknown', () => {
    const filtered = mailProviderLinks('keepsake.dev').map((link) => link.href);
    expect(filtered).toEqual([
      'https://mail.google.com/mail/u/0/#search/from%3Akeepsake.dev+in%3Aanywhere',
      'https://mail.yahoo.com/d/search/keyword=from%253Akeepsake.dev',
      'https://outlook.live.com/mail/0/inbox?search=from%3Akeepsake.dev',
    ]);
    expect(mailProviderLinks(undefined).map((link) => link.href)).toEqual([
      'https://mail.google.com/mail/u/0/#inbox',
      'https://mail.yahoo.com/',
      'https://outlook.live.com/mail/0/inbox',
    ]);
  });
});
