import * as SelectPrimitive from '@radix-ui/react-select';
import { cn } from '../../lib/cn';
import { Field, controlRingClassName } from './input';

export type SelectOption = { value: string; label: string; disabled?: boolean };

type SelectProps = {
  value: string;
  onValueChange: (value: string) => void;
  options: readonly SelectOption[];
  id?: string;
  name?: string;
  disabled?: boolean;
  placeholder?: string;
  className?: string;
  'aria-label'?: string;
  'aria-describedby'?: string | undefined;
  'aria-invalid'?: true | undefined;
  'aria-required'?: true | undefined;
};

/** A styled listbox (Radix Select): a button showing the choice, a popup list with keyboard and type-ahead. */
export function Select({ value, onValueChange, options, id, name, disabled, placeholder, className, ...aria }: SelectProps) {
  return (
    <SelectPrimitive.Root value={value} onValueChange={onValueChange} disabled={disabled} name={name}>
      <SelectPrimitive.Trigger
        id={id}
        {...aria}
        className={cn(
          'flex min-h-9 w-full items-center justify-between gap-2 rounded-md bg-white py-2 pr-2 pl-3 text-left text-sm text-slate-900',
          controlRingClassName,
          'disabled:cursor-not-allowed disabled:bg-slate-50',
          'data-placeholder:text-slate-500 dark:bg-slate-900 dark:text-slate-100',
          className,
        )}
      >
        <SelectPrimitive.Value placeholder={placeholder} />
        <SelectPrimitive.Icon>
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" className="size-4 text-slate-600 dark:text-slate-300">
            <path d="M6 8l4 4 4-4" />
          </svg>
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content
          position="popper"
          sideOffset={4}
          collisionPadding={8}
          className="z-50 max-h-(--radix-select-content-available-height) min-w-(--radix-select-trigger-width) overflow-hidden rounded-md bg-white text-sm shadow-lg ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700"
        >
          <SelectPrimitive.Viewport className="p-1">
            {options.map((option) => (
              <SelectPrimitive.Item
                key={option.value}
                value={option.value}
                disabled={option.disabled}
                className="relative flex min-h-8 cursor-default items-center rounded py-1.5 pr-2 pl-7 outline-none select-none data-disabled:opacity-50 data-highlighted:bg-slate-100 dark:data-highlighted:bg-slate-800"
              >
                <SelectPrimitive.ItemIndicator className="absolute left-2 inline-flex">
                  <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
                    <path
                      fillRule="evenodd"
                      d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"
                      clipRule="evenodd"
                    />
                  </svg>
                </SelectPrimitive.ItemIndicator>
                <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
              </SelectPrimitive.Item>
            ))}
          </SelectPrimitive.Viewport>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
}

type SelectFieldProps = Omit<SelectProps, 'id' | 'aria-describedby' | 'aria-invalid'> & {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  required?: boolean;
  id?: string;
  fieldClassName?: string;
};

/** A labelled Select with its hint and error (the label names the trigger button). */
export function SelectField({ label, error, hint, required, id, fieldClassName, ...select }: SelectFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} required={required} id={id} className={fieldClassName}>
      {({ controlId, describedBy, invalid }) => (
        <Select id={controlId} aria-describedby={describedBy} aria-invalid={invalid} aria-required={required || undefined} {...select} />
      )}
    </Field>
  );
}
