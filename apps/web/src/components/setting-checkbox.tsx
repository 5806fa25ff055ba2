import { useId } from 'react';
import type { ComponentProps } from 'react';

type SettingCheckboxProps = ComponentProps<'input'> & { label: string; hint?: string | undefined };

/** A labelled checkbox with its explanation as the accessible description. */
export function SettingCheckbox({ label, hint, ...input }: SettingCheckboxProps) {
  const hintId = useId();
  return (
    <label className="flex items-start gap-2 text-sm">
      <input type="checkbox" className="mt-0.5 size-4 accent-indigo-600" aria-describedby={hint ? hintId : undefined} {...input} />
      <span>
        {label}
        {hint && (
          <span id={hintId} className="block text-xs text-slate-500 dark:text-slate-400">
            {hint}
          </span>
        )}
      </span>
    </label>
  );
}
