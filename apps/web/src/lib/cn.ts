import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names, skipping the falsy ones. No Tailwind class merging: a component's caller adds classes,
 * it does not override the component's (pass a variant instead), which keeps tailwind-merge out of the bundle.
 */
export function cn(...values: ClassValue[]): string {
  return clsx(values);
}
