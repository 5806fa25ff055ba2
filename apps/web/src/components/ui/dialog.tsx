import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { useT } from '../../lib/i18n/translate-context';

export const DialogRoot = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

type DialogContentProps = {
  title: string;
  /** Shown under the title and read as the dialog's description. */
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** `sheet`: full height from the left edge (the mobile menu); `center`: a card in the middle. */
  placement?: 'center' | 'sheet';
};

/**
 * A modal dialog (focus trapped, Escape closes, focus returns to the trigger) with a title, an optional
 * description and a labelled close button. For confirmations before destructive actions use ConfirmDialog.
 */
export function DialogContent({ title, description, children, className, placement = 'center' }: DialogContentProps) {
  const t = useT();
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-950/40" />
      <DialogPrimitive.Content
        {...(description ? {} : { 'aria-describedby': undefined })}
        className={cn(
          'fixed z-50 bg-white shadow-xl focus:outline-none dark:bg-slate-900',
          placement === 'center'
            ? 'top-1/2 left-1/2 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg p-6'
            : 'inset-y-0 left-0 w-[min(20rem,85vw)] overflow-y-auto p-4',
          className,
        )}
      >
        <div className="flex items-start justify-between gap-4">
          <DialogPrimitive.Title className="text-lg font-semibold">{title}</DialogPrimitive.Title>
          <DialogPrimitive.Close
            aria-label={t('common.close')}
            className="-m-1 inline-flex size-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-4">
              <path d="M5 5l10 10M15 5L5 15" />
            </svg>
          </DialogPrimitive.Close>
        </div>
        {description && <DialogPrimitive.Description className="mt-2 text-sm text-slate-600 dark:text-slate-300">{description}</DialogPrimitive.Description>}
        {children && <div className="mt-4">{children}</div>}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
