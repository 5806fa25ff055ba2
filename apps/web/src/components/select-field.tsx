import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';
import { Field, controlRingClassName } from './ui/input';

type SelectFieldProps = ComponentProps<'select'> & {
  label: string;
  options: readonly { value: string; label: string; disabled?: boolean }[];
  error?: string | undefined;
  hint?: string | undefined;
};

export const selectClassName = cn(
  'block min-h-9 w-full rounded-md border-0 bg-white py-2 pr-8 pl-3 text-slate-900 disabled:bg-slate-50 dark:bg-slate-900 dark:text-slate-100',
  controlRingClassName,
);

/** A labelled native select; its error (red ring, message tied by aria-describedby) as the other fields'. */
export function SelectField({ label, options, error, hint, id, className, required, ...select }: SelectFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id} className={className} required={required}>
      {({ controlId, describedBy, invalid }) => (
        <select
          id={controlId}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          required={required}
          aria-required={required || undefined}
          className={selectClassName}
          {...select}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
