import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useT } from '../lib/i18n/translate-context';
import { Button } from './button';

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  /** Keeps the dialog open with a spinner on the confirm button. */
  pending?: boolean;
};

/** A `role="alertdialog"` confirmation before a destructive action. */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, onConfirm, pending = false }: ConfirmDialogProps) {
  const t = useT();
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-950/40" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl dark:bg-slate-900">
          <AlertDialog.Title className="text-lg font-semibold break-words">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm break-words text-slate-600 dark:text-slate-300">{description}</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={pending}>
                {t('common.cancel')}
              </Button>
            </AlertDialog.Cancel>
            <Button variant="danger" loading={pending} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
