// The Success screen (spec §2): 'Success' and the product's message with a check graphic; it fires
// AUTHENTICATE_FLOW_COMPLETE once when shown, however often it re-renders. Its data says `signup` when the user
// was created under 60 s before this sign-in, else `login` (spec §9), when the signed-in user is known.
import { useEffect, useRef } from 'preact/hooks';
import { StytchEventType } from '../events.ts';
import type { StringKey } from '../strings.ts';
import { useWidget } from '../widget/context.ts';

/** Spec §9: a user created under this long before sign-in is a new user (logged as signup). */
export const NEW_USER_WINDOW_MS = 60_000;

/** `signup` or `login` for a user created at `createdAt` signing in at `now`; undefined when unknown. */
export function signInKind(createdAt: string | undefined, now: number): 'signup' | 'login' | undefined {
  const created = createdAt ? Date.parse(createdAt) : Number.NaN;
  if (Number.isNaN(created)) return undefined;
  return now - created < NEW_USER_WINDOW_MS ? 'signup' : 'login';
}

type UserReader = { getSync?: () => { created_at?: string } | null };

export function SuccessScreen({ message }: { message: StringKey }) {
  const { client, emit, t } = useWidget();
  const firedRef = useRef(false);
  useEffect(() => {
    if (firedRef.current) return;
    firedRef.current = true;
    const kind = signInKind((client.user as UserReader | undefined)?.getSync?.()?.created_at, Date.now());
    emit({ type: StytchEventType.AuthenticateFlowComplete, data: kind ? { type: kind } : {} });
  }, [client, emit]);
  return (
    <div class="ks-screen ks-success">
      <svg class="ks-check" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
        <circle cx="24" cy="24" r="22" fill="none" stroke="currentColor" stroke-width="3" />
        <path d="M14 25l7 7 13-15" fill="none" stroke="currentColor" stroke-width="3" stroke-linecap="round" stroke-linejoin="round" />
      </svg>
      <h1 class="ks-header">{t('success.header')}</h1>
      <p class="ks-text">{t(message)}</p>
    </div>
  );
}
