import type { ComponentProps } from 'react';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'link';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-indigo-600 text-white hover:bg-indigo-500 focus-visible:outline-indigo-600',
  secondary: 'bg-white text-slate-900 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600',
  danger: 'bg-red-600 text-white hover:bg-red-500 focus-visible:outline-red-600',
  ghost: 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
  link: 'text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-400 px-0! py-0!',
};

export function buttonClassName(variant: ButtonVariant = 'primary', extra = ''): string {
  return [
    'inline-flex items-center justify-center gap-2 rounded-md px-3.5 py-2 text-sm font-semibold',
    'focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60',
    VARIANTS[variant],
    extra,
  ].join(' ');
}

type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant;
  /** Shows a spinner and disables the button, e.g. while a form submits. */
  loading?: boolean;
};

export function Button({ variant = 'primary', loading = false, disabled, className, children, type = 'button', ...rest }: ButtonProps) {
  return (
    <button type={type} disabled={disabled || loading} aria-busy={loading || undefined} className={buttonClassName(variant, className)} {...rest}>
      {loading && <Spinner />}
      {children}
    </button>
  );
}
