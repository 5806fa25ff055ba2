import { useId } from 'react';

/** A labelled group of radio buttons (a fieldset with its legend), for small exclusive choices. */
export function ChoiceGroup<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: string;
  name: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string; hint?: string | undefined }>;
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-900 dark:text-slate-100">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-start gap-2 rounded-md p-3 text-sm ring-1 ring-slate-300 ring-inset has-checked:ring-2 has-checked:ring-indigo-600 dark:ring-slate-600 dark:has-checked:ring-indigo-400"
          >
            <input
              type="radio"
              name={`${name}-${id}`}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="mt-0.5 size-4 accent-indigo-600"
            />
            <span>
              <span className="font-medium">{option.label}</span>
              {option.hint && <span className="block text-xs text-slate-600 dark:text-slate-400">{option.hint}</span>}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
