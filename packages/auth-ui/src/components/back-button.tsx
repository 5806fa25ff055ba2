// The back arrow at the top left of a screen (spec §4: "back arrow returns to Main"): the one arrow every screen
// uses, a button named by its label ('Back' in English; each product's own `….back` string).
import { useWidget } from '../widget/context.ts';

export function BackButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" class="ks-back" aria-label={label} onClick={onClick}>
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" />
      </svg>
    </button>
  );
}

/** The back arrow that returns to Main. */
export function BackToMain({ label }: { label: string }) {
  const { dispatch } = useWidget();
  return <BackButton label={label} onClick={() => dispatch({ type: 'transition', screen: 'Main' })} />;
}
