import { useState, type ChangeEvent } from 'react';

/**
 * A few required text inputs and their errors: `bind(name)` gives a TextField its value, change handler, error and
 * `required`; `setErrors` takes what the form's check found.
 */
export function useTextFields<K extends string>(initial: Record<K, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const bind = (name: K) => ({
    required: true,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValues((current) => ({ ...current, [name]: event.target.value })),
    error: errors[name],
  });
  return { values, setErrors, bind };
}
