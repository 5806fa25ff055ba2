import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** In-page tabs (arrow keys move between them). Tabs that change the URL are links in a nav instead (e.g. CollectionTabs). */
export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...rest }: ComponentProps<typeof TabsPrimitive.List>) {
  return <TabsPrimitive.List className={cn('flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800', className)} {...rest} />;
}

export function TabsTrigger({ className, ...rest }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        '-mb-px min-h-9 border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-600 hover:text-slate-900',
        'focus-visible:outline-2 focus-visible:outline-indigo-600 data-[state=active]:border-indigo-600 data-[state=active]:text-indigo-700',
        'dark:text-slate-300 dark:hover:text-white dark:data-[state=active]:text-indigo-300',
        className,
      )}
      {...rest}
    />
  );
}

export function TabsContent({ className, ...rest }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn('pt-4 focus-visible:outline-2 focus-visible:outline-indigo-600', className)} {...rest} />;
}
