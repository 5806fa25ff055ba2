import { useId } from 'react';
import type { ComponentProps } from 'react';

type SelectFieldProps = ComponentProps<'select'> & {
  label: string;
  options: readonly { value: string; label: string; disabled?: boolean }[];
  error?: string | undefined;
};

export const selectClassName =
  'block min-h-9 w-full rounded-md border-0 bg-white py-2 pr-8 pl-3 text-slate-900 ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600 disabled:bg-slate-50 dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-600';

export function SelectField({ label, options, error, id, className, ...select }: SelectFieldProps) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <div className={className}>
      <label htmlFor={selectId} className="block text-sm font-medium">
        {label}
      </label>
      <select id={selectId} aria-invalid={error ? true : undefined} className={`${selectClassName} mt-1`} {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
