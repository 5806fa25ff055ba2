import type { ComponentChildren } from 'preact';
import { useWidget } from '../widget/context.ts';

type ButtonProps = {
  children: ComponentChildren;
  variant?: 'primary' | 'secondary' | 'danger';
  type?: 'submit' | 'button';
  /** Spec §4: a submit button shows a spinner while submitting (and cannot be pressed twice). */
  loading?: boolean;
  disabled?: boolean;
  onClick?: () => void;
};

export function Button({ children, variant = 'primary', type = 'button', loading = false, disabled = false, onClick }: ButtonProps) {
  const { t } = useWidget();
  return (
    <button type={type} class={`ks-button ks-button-${variant}`} disabled={disabled || loading} aria-busy={loading} onClick={onClick}>
      {loading ? (
        <>
          <span class="ks-spinner" aria-hidden="true" />
          <span class="ks-visually-hidden">{t('submitting')}</span>
        </>
      ) : (
        children
      )}
    </button>
  );
}

/** An error under a form: announced when it appears. */
export function ErrorText({ id, message }: { id: string; message: string }) {
  if (!message) return null;
  return (
    <p id={id} class="ks-error" role="alert">
      {message}
    </p>
  );
}
