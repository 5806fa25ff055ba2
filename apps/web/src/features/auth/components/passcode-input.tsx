import type { Ref } from 'react';
import { TextField } from '../../../components/text-field';

export const PASSCODE_LENGTH = 6;

/** Keeps the digits of `raw`, at most six. */
export function sanitizePasscode(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, PASSCODE_LENGTH);
}

type PasscodeInputProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Called once the sixth digit is entered. */
  onComplete: (code: string) => void;
  disabled?: boolean;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
};

/** Digits only, at most six, submitted automatically at six. */
export function PasscodeInput({ label, value, onChange, onComplete, disabled, error, ref }: PasscodeInputProps) {
  return (
    <TextField
      ref={ref}
      label={label}
      hideLabel
      value={value}
      disabled={disabled}
      error={error}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={PASSCODE_LENGTH}
      name="passcode"
      className="w-full [&_input]:h-[47px] [&_input]:text-center [&_input]:font-mono [&_input]:text-xl [&_input]:tracking-[0.5em]"
      onChange={(event) => {
        const next = sanitizePasscode(event.target.value);
        onChange(next);
        if (next.length === PASSCODE_LENGTH && next !== value) onComplete(next);
      }}
    />
  );
}
