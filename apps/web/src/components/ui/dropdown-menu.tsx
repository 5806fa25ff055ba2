import * as Menu from '@radix-ui/react-dropdown-menu';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';

export const DropdownMenu = Menu.Root;
export const DropdownMenuTrigger = Menu.Trigger;
export const DropdownMenuGroup = Menu.Group;

/** The menu's panel: arrow keys move between items, typing jumps to one, Escape closes and refocuses the trigger. */
export function DropdownMenuContent({ className, align = 'end', children, ...rest }: ComponentProps<typeof Menu.Content>) {
  return (
    <Menu.Portal>
      <Menu.Content
        align={align}
        sideOffset={4}
        collisionPadding={8}
        className={cn('z-50 min-w-44 rounded-md bg-white p-1 text-sm shadow-lg ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700', className)}
        {...rest}
      >
        {children}
      </Menu.Content>
    </Menu.Portal>
  );
}

const itemClass =
  'flex min-h-8 cursor-default items-center gap-2 rounded px-2 py-1.5 outline-none select-none data-disabled:opacity-50 data-highlighted:bg-slate-100 dark:data-highlighted:bg-slate-800';

export function DropdownMenuItem({ className, tone = 'default', ...rest }: ComponentProps<typeof Menu.Item> & { tone?: 'default' | 'danger' }) {
  return <Menu.Item className={cn(itemClass, tone === 'danger' && 'text-red-700 dark:text-red-400', className)} {...rest} />;
}

export function DropdownMenuLabel({ children }: { children: ReactNode }) {
  return <Menu.Label className="px-2 py-1.5 text-xs font-semibold text-slate-600 dark:text-slate-300">{children}</Menu.Label>;
}

export function DropdownMenuSeparator() {
  return <Menu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />;
}

export function DropdownMenuRadioGroup(props: ComponentProps<typeof Menu.RadioGroup>) {
  return <Menu.RadioGroup {...props} />;
}

export function DropdownMenuRadioItem({ className, children, ...rest }: ComponentProps<typeof Menu.RadioItem>) {
  return (
    <Menu.RadioItem className={cn(itemClass, 'pl-7', className)} {...rest}>
      <Menu.ItemIndicator className="absolute left-2 inline-flex">
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
          <path
            fillRule="evenodd"
            d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"
            clipRule="evenodd"
          />
        </svg>
      </Menu.ItemIndicator>
      {children}
    </Menu.RadioItem>
  );
}
