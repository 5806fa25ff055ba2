import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** A grey pulsing block standing in for content that is loading. Decorative: the surrounding status names the wait. */
export function Skeleton({ className, ...rest }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-slate-100 dark:bg-slate-800', className)} {...rest} />;
}
