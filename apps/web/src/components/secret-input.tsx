import { useId } from 'react';
import { CopyButton } from './copy-button';
import { inputClassName } from './text-field';

/** A secret shown once (or on request): a labelled read-only field that selects itself, and a copy button. */
export function SecretInput({ label, copyLabel, value }: { label: string; copyLabel: string; value: string }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          readOnly
          value={value}
          autoComplete="off"
          spellCheck={false}
          className={`${inputClassName} font-mono text-sm`}
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton value={value} label={copyLabel} />
      </div>
    </div>
  );
}
