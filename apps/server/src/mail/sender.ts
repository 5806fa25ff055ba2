// The domain Keepsake's mail comes from (MAIL_FROM), which the widget's 'Check your email' screen uses to open
// the user's webmail at a search for that sender (spec §2, §3 bootstrap "email domains").

/**
 * The domain of a From header value: `Keepsake <no-reply@mail.example.com>` or `no-reply@mail.example.com`
 * → `mail.example.com` (lower case); undefined when the value has no address.
 */
export function senderDomain(from: string): string | undefined {
  const bracketed = /<([^<>]*)>\s*$/.exec(from);
  const address = (bracketed?.[1] ?? from).trim();
  const at = address.lastIndexOf('@');
  if (at < 1) return undefined;
  const domain = address.slice(at + 1).toLowerCase();
  return /^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(domain) ? domain : undefined;
}
