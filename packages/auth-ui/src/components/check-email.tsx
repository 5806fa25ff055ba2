// The parts every "check your email" screen shares (spec §2 "Check your email"; Email Confirmation and the
// password screens that send a link): links that open Gmail, Yahoo or Outlook, filtered to the sender's domain
// when the project's bootstrap names one, and 'Didn’t get it? Resend email' with the 'Email resent' toast (§8).
import { useEffect, useState } from 'preact/hooks';
import { useWidget } from '../widget/context.ts';

type Provider = 'gmail' | 'yahoo' | 'outlook';

/** The webmail link of each provider: a search for mail from `domain` when it is known, else the inbox. */
export function mailProviderLinks(domain: string | undefined): Array<{ provider: Provider; href: string }> {
  const from = domain ? encodeURIComponent(`from:${domain}`) : '';
  return [
    { provider: 'gmail', href: domain ? `https://mail.google.com/mail/u/0/#search/${from}+in%3Aanywhere` : 'https://mail.google.com/mail/u/0/#inbox' },
    { provider: 'yahoo', href: domain ? `https://mail.yahoo.com/d/search/keyword=${encodeURIComponent(from)}` : 'https://mail.yahoo.com/' },
    { provider: 'outlook', href: domain ? `https://outlook.live.com/mail/0/inbox?search=${from}` : 'https://outlook.live.com/mail/0/inbox' },
  ];
}

/** The sender's email domain from the project's bootstrap (`email_domains`), once it has loaded. */
function useSenderDomain(): string | undefined {
  const { client } = useWidget();
  const [domain, setDomain] = useState<string | undefined>(undefined);
  useEffect(() => {
    let live = true;
    const bootstrap = (client as { bootstrap?: () => Promise<{ email_domains?: string[] }> }).bootstrap;
    void bootstrap?.()
      .then((data) => live && setDomain(data.email_domains?.[0]))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [client]);
  return domain;
}

const PROVIDER_LABEL = { gmail: 'email.open.gmail', yahoo: 'email.open.yahoo', outlook: 'email.open.outlook' } as const;

export function MailProviderLinks() {
  const { t } = useWidget();
  const domain = useSenderDomain();
  return (
    <ul class="ks-providers">
      {mailProviderLinks(domain).map(({ provider, href }) => (
        <li key={provider}>
          <a class="ks-button ks-button-secondary" href={href} target="_blank" rel="noopener noreferrer">
            {t(PROVIDER_LABEL[provider])}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** 'Didn’t get it? Resend email': `send` again, then the 'Email resent' toast, or the failure's message as an error toast. */
export function ResendEmail({ send }: { send: () => Promise<unknown> }) {
  const { t, toast, fail } = useWidget();
  const [sending, setSending] = useState(false);
  const resend = async () => {
    setSending(true);
    try {
      await send();
      toast(t('email.resent'), 'success');
    } catch (error) {
      toast(fail(error), 'error');
    } finally {
      setSending(false);
    }
  };
  return (
    <p class="ks-text ks-secondary">
      {t('email.resendPrompt')}{' '}
      <button type="button" class="ks-link" disabled={sending} onClick={() => void resend()}>
        {t('email.resend')}
      </button>
    </p>
  );
}
