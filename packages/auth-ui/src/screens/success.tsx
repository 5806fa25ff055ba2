// The Success screen (spec §2): 'Success' and the product's message with a check graphic; it fires
// AUTHENTICATE_FLOW_COMPLETE once when shown, however often it re-renders.
import { useEffect, useRef } from 'preact/hooks';
import { StytchEventType } from '../events.ts';
import type { StringKey } from '../strings.ts';
import { useWidget } from '../widget/context.ts';

export function SuccessScreen({ message }: { message: StringKey }) {
  const { emit, t } = useWidget();
  const firedRef = useRef(false);
  useEffect(() => {
    if (firedRef.current) return;
    firedRef.current = true;
    emit({ type: StytchEventType.AuthenticateFlowComplete, data: {} });
  }, [emit]);
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
