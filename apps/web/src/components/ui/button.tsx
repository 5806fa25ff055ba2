import { Slot } from '@radix-ui/react-slot';
import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { Spinner } from '../spinner';

// Every size keeps a target of at least 24×24 px (WCAG 2.2 target size, ADR 090).
export const buttonVariants = cva(
  [
    'inline-flex min-h-6 min-w-6 shrink-0 items-center justify-center gap-2 rounded-md text-sm font-semibold whitespace-nowrap',
    'focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60',
  ],
  {
    variants: {
      variant: {
        primary: 'bg-indigo-600 text-white hover:bg-indigo-500 focus-visible:outline-indigo-600',
        secondary:
          'bg-white text-slate-900 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 focus-visible:outline-indigo-600 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600',
        danger: 'bg-red-600 text-white hover:bg-red-500 focus-visible:outline-red-600',
        ghost: 'text-slate-700 hover:bg-slate-100 focus-visible:outline-indigo-600 dark:text-slate-200 dark:hover:bg-slate-800',
        'ghost-danger': 'text-red-700 hover:bg-red-50 focus-visible:outline-red-600 dark:text-red-400 dark:hover:bg-red-950',
        link: 'text-indigo-600 underline-offset-2 hover:underline focus-visible:outline-indigo-600 dark:text-indigo-400',
      },
      size: {
        md: 'px-3.5 py-2',
        sm: 'px-2.5 py-1 text-xs',
        icon: 'size-8 p-0',
        none: '',
      },
    },
    compoundVariants: [{ variant: 'link', className: 'px-0 py-0' }],
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

export type ButtonVariant = NonNullable<VariantProps<typeof buttonVariants>['variant']>;
export type ButtonSize = NonNullable<VariantProps<typeof buttonVariants>['size']>;

/** The button look for something that is not a `<button>`, e.g. a router link. */
export function buttonClassName(variant: ButtonVariant = 'primary', extra = '', size: ButtonSize = variant === 'link' ? 'none' : 'md'): string {
  return cn(buttonVariants({ variant, size }), extra);
}

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Shows a spinner and disables the button, e.g. while a form submits. */
    loading?: boolean;
    /** Renders the single child (e.g. a `<Link>`) with the button's look and props. */
    asChild?: boolean;
  };

export function Button({ variant, size, loading = false, asChild = false, disabled, className, children, type = 'button', ...rest }: ButtonProps) {
  const classes = cn(buttonVariants({ variant, size: size ?? (variant === 'link' ? 'none' : 'md') }), className);
  if (asChild) {
    return (
      <Slot className={classes} {...rest}>
        {children}
      </Slot>
    );
  }
  return (
    <button type={type} disabled={disabled || loading} aria-busy={loading || undefined} className={classes} {...rest}>
      {loading && <Spinner />}
      {children}
    </button>
  );
}
