import { useId } from 'react';
import type { ComponentProps } from 'react';

type TextFieldProps = ComponentProps<'input'> & {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  /** Hides the label visually; it stays the input's accessible name. */
  hideLabel?: boolean;
};

export const inputClassName =
  'block w-full rounded-md border-0 px-3 py-2 text-slate-900 ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-inset focus:ring-indigo-600 aria-invalid:ring-red-500 disabled:bg-slate-50 read-only:bg-slate-50 dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-600';

export function TextField({ label, error, hint, hideLabel = false, id, className, ...input }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className={hideLabel ? 'sr-only' : 'block text-sm font-medium text-slate-900 dark:text-slate-100'}>
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`${inputClassName} ${hideLabel ? '' : 'mt-1'}`}
        {...input}
      />
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
