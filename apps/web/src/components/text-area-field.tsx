import { useId } from 'react';
import type { ComponentProps } from 'react';
import { inputClassName } from './text-field';

type TextAreaFieldProps = ComponentProps<'textarea'> & { label: string; error?: string | undefined; hint?: string | undefined };

/** A labelled multi-line text input with its hint and error, like TextField. */
export function TextAreaField({ label, error, hint, id, className, rows = 3, ...textarea }: TextAreaFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  const describedBy = [error ? `${fieldId}-error` : null, hint ? `${fieldId}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={fieldId} className="block text-sm font-medium text-slate-900 dark:text-slate-100">
        {label}
      </label>
      <textarea
        id={fieldId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`${inputClassName} mt-1`}
        {...textarea}
      />
      {hint && (
        <p id={`${fieldId}-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${fieldId}-error`} role="alert" className="mt-1 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
