import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../../components/text-field';

type NumberSettingProps = {
  label: string;
  registration: UseFormRegisterReturn;
  limits: { min: number; max: number };
  error: string | undefined;
  editable: boolean;
  hint?: string | undefined;
};

/** A whole-number setting with its range on the input (the form schema checks it and says so). */
export function NumberSetting({ label, registration, limits, error, editable, hint }: NumberSettingProps) {
  return (
    <TextField
      label={label}
      type="number"
      inputMode="numeric"
      step={1}
      min={limits.min}
      max={limits.max}
      readOnly={!editable}
      error={error}
      hint={hint}
      {...registration}
    />
  );
}
