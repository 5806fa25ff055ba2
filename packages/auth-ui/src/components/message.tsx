// Spec §8 message boxes: error (announced at once, role="alert"), warning and success (role="status"). URLs on the
// auth service's own site (the API base auth-js resolved) become links; any other URL, e.g. a redirect_uri a
// server message echoes, stays text, so a message cannot put someone else's link on the page. Text nodes only.
import type { ComponentChildren } from 'preact';
import { useWidget } from '../widget/context.ts';

export type MessageVariant = 'error' | 'warning' | 'success';

const URL_PATTERN = /https?:\/\/[^\s<>"']*[^\s<>"'.,;:!?)\]}]/g;

/** `text` with each URL whose origin is `siteOrigin` as a link opening in a new tab. */
export function linkify(text: string, siteOrigin: string): ComponentChildren[] {
  const parts: ComponentChildren[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    let url: URL | null = null;
    try {
      url = new URL(match[0]);
    } catch {
      /* not a URL: left as text */
    }
    if (url?.origin !== siteOrigin) continue;
    parts.push(text.slice(last, match.index));
    parts.push(
      <a key={match.index} href={url.href} target="_blank" rel="noopener noreferrer">
        {match[0]}
      </a>,
    );
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return parts;
}

function siteOrigin(baseUrl: unknown): string {
  try {
    return new URL(String(baseUrl)).origin;
  } catch {
    return 'null'; // no base known: no origin matches, nothing is linked
  }
}

export function Message({ id, variant = 'error', text }: { id?: string; variant?: MessageVariant; text: string }) {
  const { client } = useWidget();
  if (!text) return null;
  return (
    <p id={id} class={`ks-message ks-message-${variant}`} role={variant === 'error' ? 'alert' : 'status'}>
      {linkify(text, siteOrigin(client.baseUrl))}
    </p>
  );
}
