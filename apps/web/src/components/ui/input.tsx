import { useId } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { useT } from '../../lib/i18n/translate-context';

/**
 * The outline of every form control (Input, textarea, Select, native select). Focus: a 2 px indigo ring. Invalid
 * (`aria-invalid="true"`, set with the error): a 2 px red ring, and focused a red halo around it, so the field stays
 * red while typing and focus still shows. In the dark theme too (its ring colours come later in the CSS).
 */
export const controlRingClassName =
  'ring-1 ring-inset ring-slate-300 focus:outline-none focus:ring-2 focus:ring-indigo-600 dark:ring-slate-600 dark:focus:ring-indigo-400 aria-invalid:ring-2 aria-invalid:ring-red-600 aria-invalid:focus:shadow-[0_0_0_4px_rgb(220_38_38/0.35)] dark:aria-invalid:ring-red-500';

// Placeholders are slate-500 (4.7:1 on white), not the lighter grey browsers default to (ADR 090).
export const inputClassName = cn(
  'block w-full min-h-9 rounded-md border-0 px-3 py-2 text-slate-900 placeholder:text-slate-500 disabled:bg-slate-50 read-only:bg-slate-50 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400',
  controlRingClassName,
);

export function Input({ className, ...rest }: ComponentProps<'input'>) {
  return <input className={cn(inputClassName, className)} {...rest} />;
}

/** The ids a field's control must point at: its own, and its hint's and error's for aria-describedby. */
export type FieldIds = { controlId: string; describedBy: string | undefined; invalid: true | undefined };

type FieldProps = {
  label: string;
  /** Marks the label with an asterisk; the control carries `required`/`aria-required` itself. */
  required?: boolean | undefined;
  hint?: ReactNode;
  error?: string | undefined;
  id?: string | undefined;
  hideLabel?: boolean;
  className?: string | undefined;
  /** Renders the control with the ids it must use. */
  children: (ids: FieldIds) => ReactNode;
};

/** A labelled form control with its hint, its error (announced, and tied to the control) and a required mark. */
/** The asterisk after a required field's label (screen readers hear "required" from the control itself). */
function RequiredMark() {
  const t = useT();
  return (
    <span aria-hidden="true" title={t('common.required')} className="ml-0.5 text-red-700 dark:text-red-400">
      *
    </span>
  );
}

export function Field({ label, required, hint, error, id, hideLabel = false, className, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={controlId} className={hideLabel ? 'sr-only' : 'block text-sm font-medium text-slate-900 dark:text-slate-100'}>
        {label}
        {required && <RequiredMark />}
      </label>
      <div className={hideLabel ? '' : 'mt-1'}>{children({ controlId, describedBy, invalid: error ? true : undefined })}</div>
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
