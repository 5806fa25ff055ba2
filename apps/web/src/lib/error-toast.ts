import toast from 'react-hot-toast';

/** Spec §8: error toasts stay 5 s, or 10 s when the message is over 100 characters. */
export function errorToastDuration(message: string): number {
  return message.length > 100 ? 10_000 : 5_000;
}

export function showErrorToast(message: string, id?: string): string {
  return toast.error(message, { duration: errorToastDuration(message), ...(id ? { id } : {}) });
}
