// Spec §8 message boxes: the error, warning and success variants (role and text), and URLs in error text: only the
// auth service's own (the API base auth-js resolved) become links; a foreign URL and markup stay text.
import { fireEvent, screen } from '@testing-library/dom';
import { render } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Products } from '../index.ts';
import { clearPage, pageElement, uiClient } from '../testing.ts';
import { WidgetContext, type WidgetContextValue } from '../widget/context.ts';
import { linkify, Message, type MessageVariant } from './message.tsx';

let rendered: HTMLElement | undefined;
afterEach(() => {
  if (rendered) render(null, rendered);
  rendered = undefined;
  clearPage();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function show(variant: MessageVariant, text: string, baseUrl = 'http://localhost:3000') {
  const element = (rendered = pageElement());
  const value = { client: { baseUrl } } as unknown as WidgetContextValue;
  render(
    <WidgetContext.Provider value={value}>
      <Message id="ks-test-message" variant={variant} text={text} />
    </WidgetContext.Provider>,
    element,
  );
  return element.querySelector('p');
}

describe('Message variants (spec §8)', () => {
  it.each([
    { variant: 'error' as const, role: 'alert', text: 'Invalid passcode, please try again.' },
    { variant: 'warning' as const, role: 'status', text: 'Once deleted, the passkey cannot be restored.' },
    { variant: 'success' as const, role: 'status', text: 'Passkey created' },
  ])('shows the $variant box with role $role and its text', ({ variant, role, text }) => {
    const box = show(variant, text);
    expect(screen.getByRole(role).textContent).toBe(text);
    expect([box?.id, box?.className, box?.getAttribute('role')]).toEqual(['ks-test-message', `ks-message ks-message-${variant}`, role]);
  });

  it('shows nothing for an empty message', () => {
    expect(show('error', '')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('links in message text (spec §8)', () => {
  const site = 'http://localhost:3000';

  it('links a URL on the API site, opening in a new tab without opener or referrer, and keeps the text around it', () => {
    const box = show('error', `Bad email. See ${site}/docs/errors#invalid_email.`, site);
    const link = screen.getByRole('link');
    expect([link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel')]).toEqual([
      `${site}/docs/errors#invalid_email`,
      '_blank',
      'noopener noreferrer',
    ]);
    expect(link.textContent).toBe(`${site}/docs/errors#invalid_email`);
    expect(box?.textContent).toBe(`Bad email. See ${site}/docs/errors#invalid_email.`);
  });

  it('leaves other sites as text: another host, another port, a look-alike host, userinfo tricks', () => {
    const text =
      'redirect_uri https://evil.example/cb, http://localhost:3001/x, http://localhost:3000.evil.example/x and http://localhost:3000@evil.example/x are not allowed';
    const box = show('error', text, site);
    expect(screen.queryByRole('link')).toBeNull();
    expect(box?.textContent).toBe(text);
  });

  it('links nothing when the client has no API base', () => {
    show('error', `See ${site}/docs/errors`, '');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('splits text at each own-site URL only', () => {
    const parts = linkify(`a ${site}/x b https://other.example/y c ${site}/z`, site);
    expect(parts.filter((part) => typeof part !== 'string')).toHaveLength(2);
    expect(parts.filter((part) => typeof part === 'string')).toEqual(['a ', ' b https://other.example/y c ', '']);
  });
});

describe('a server error_message in the widget (spec §8)', () => {
  const emailOtp = { products: [Products.otp], otpOptions: { methods: ['email' as const], expirationMinutes: 5 } };

  async function refusedWith(errorMessage: string) {
    const { client, loginOrCreate } = uiClient(); // its API base is http://localhost:9999
    loginOrCreate.mockRejectedValue(Object.assign(new Error('refused'), { error_message: errorMessage }));
    pageElement();
    client.mountLogin({ elementId: '#login', config: emailOtp });
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    return screen.findByRole('alert');
  }

  it("links the API's error docs URL in the error box", async () => {
    const alert = await refusedWith('Too many requests. See http://localhost:9999/docs/errors#too_many_requests for more information.');
    const link = screen.getByRole('link', { name: 'http://localhost:9999/docs/errors#too_many_requests' });
    expect(link.getAttribute('href')).toBe('http://localhost:9999/docs/errors#too_many_requests');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(alert.textContent).toBe('Too many requests. See http://localhost:9999/docs/errors#too_many_requests for more information.');
  });

  it('keeps an echoed foreign URL as text', async () => {
    const alert = await refusedWith('redirect_uri https://phish.example/login is not registered');
    expect(screen.queryByRole('link')).toBeNull();
    expect(alert.textContent).toBe('redirect_uri https://phish.example/login is not registered');
  });

  it('shows markup in a message as text, never as HTML', async () => {
    const onerror = vi.fn();
    vi.stubGlobal('ksInjected', onerror);
    const text = '<img src=x onerror="ksInjected()"> <a href="http://localhost:9999/x">click</a>';
    const alert = await refusedWith(text);
    expect(alert.textContent).toBe(text);
    expect(alert.querySelector('img')).toBeNull();
    // The own-site URL inside the markup is linked as text up to the quote; the markup around it stays text.
    expect([...alert.querySelectorAll('a')].map((a) => a.textContent)).toEqual(['http://localhost:9999/x']);
    expect(onerror).not.toHaveBeenCalled();
  });
});
