// Spec §8/§9 toasts ('Code resent', resend failures): top-centre of the widget; success 2 s, error 4 s; at most
// 20 at once (a 21st pushes out the oldest).
import type { ToastKind } from '../widget/context.ts';

export type ToastItem = { id: number; message: string; kind: ToastKind };

/** Spec §9: the most toasts shown at once. */
export const TOAST_LIMIT = 20;

/** Spec §9: how long a toast of each kind stays. */
export const TOAST_MS: Record<ToastKind, number> = { success: 2_000, error: 4_000 };

export function Toasts({ items }: { items: ToastItem[] }) {
  return (
    <div class="ks-toasts" role="status" aria-live="polite">
      {items.map((item) => (
        <div key={item.id} class={`ks-toast ks-toast-${item.kind}`}>
          {item.message}
        </div>
      ))}
    </div>
  );
}
