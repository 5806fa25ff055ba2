import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';
import { Field, inputClassName } from './ui/input';

type TextAreaFieldProps = ComponentProps<'textarea'> & { label: string; error?: string | undefined; hint?: string | undefined };

/** A labelled multi-line text input with its hint and error, like TextField. */
export function TextAreaField({ label, error, hint, id, className, rows = 3, required, ...textarea }: TextAreaFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id} className={className} required={required}>
      {({ controlId, describedBy, invalid }) => (
        <textarea
          id={controlId}
          rows={rows}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          aria-required={required || undefined}
          className={cn(inputClassName)}
          {...textarea}
        />
      )}
    </Field>
  );
}
