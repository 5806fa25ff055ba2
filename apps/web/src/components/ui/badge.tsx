import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

// Text and background pairs keep 4.5:1 contrast at 12 px in both themes.
export const badgeVariants = cva('inline-flex items-center rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap', {
  variants: {
    tone: {
      neutral: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
      info: 'bg-indigo-50 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200',
      success: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300',
      warning: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
      danger: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
    },
    mono: { true: 'font-mono', false: '' },
  },
  defaultVariants: { tone: 'neutral', mono: false },
});

export type BadgeTone = NonNullable<VariantProps<typeof badgeVariants>['tone']>;

export function Badge({ tone, mono, className, ...rest }: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ tone, mono }), className)} {...rest} />;
}

/** A wrapping row of badges, e.g. an API key's scopes: short, and never a tall comma-separated column. */
export function BadgeList({ items, label, mono = true, className }: { items: readonly string[]; label: string; mono?: boolean; className?: string }) {
  return (
    <ul aria-label={label} className={cn('flex flex-wrap gap-1', className)}>
      {items.map((item) => (
        <li key={item}>
          <Badge mono={mono}>{item}</Badge>
        </li>
      ))}
    </ul>
  );
}
