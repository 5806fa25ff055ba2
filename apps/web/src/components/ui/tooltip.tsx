import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** Once near the root: tooltips open after a short delay and skip it while moving between triggers. */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return <TooltipPrimitive.Provider delayDuration={300}>{children}</TooltipPrimitive.Provider>;
}

/**
 * Shows `content` on hover and keyboard focus of the single child (which must be focusable). Tooltips repeat
 * what is otherwise hidden (e.g. a truncated value); they never carry the only copy of a control's name.
 */
export function Tooltip({ content, children, className }: { content: ReactNode; children: ReactNode; className?: string }) {
  return (
    // Its own provider: a tooltip works wherever it is rendered (tests, portals), and Radix lets providers nest.
    <TooltipPrimitive.Provider delayDuration={300}>
      <TooltipPrimitive.Root>
        <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            sideOffset={4}
            collisionPadding={8}
            className={cn(
              'z-50 max-w-[min(90vw,28rem)] rounded-md bg-slate-900 px-2 py-1 text-xs break-all text-white shadow-lg dark:bg-slate-100 dark:text-slate-900',
              className,
            )}
          >
            {content}
            <TooltipPrimitive.Arrow className="fill-slate-900 dark:fill-slate-100" />
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
