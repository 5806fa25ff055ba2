import type { ComponentChildren } from 'preact';
import { useWidget } from '../widget/context.ts';
import { Message } from './message.tsx';

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

/** An error under a form: the §8 error message box, announced when it appears. */
export const ErrorText = ({ id, message }: { id: string; message: string }) => <Message id={id} text={message} />;
