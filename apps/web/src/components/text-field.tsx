import type { ComponentProps } from 'react';
import { Field, Input } from './ui/input';

export { inputClassName } from './ui/input';

type TextFieldProps = ComponentProps<'input'> & {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  /** Hides the label visually; it stays the input's accessible name. */
  hideLabel?: boolean;
};

/** A labelled text input with its hint and error; `required` marks the label too. */
export function TextField({ label, error, hint, hideLabel = false, id, className, required, ...input }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} hideLabel={hideLabel} id={id} className={className} required={required}>
      {({ controlId, describedBy, invalid }) => (
        <Input id={controlId} aria-invalid={invalid} aria-describedby={describedBy} required={required} aria-required={required || undefined} {...input} />
      )}
    </Field>
  );
}
