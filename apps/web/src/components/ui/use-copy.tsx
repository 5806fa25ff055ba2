import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { showErrorToast } from '../../lib/error-toast';
import { useT } from '../../lib/i18n/translate-context';

// Copying, apart from CopyableValue: CopyButton uses it on pages that must not load the tooltip's popper code.

export function CopyIcon({ copied }: { copied: boolean }) {
  return copied ? (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
      <path fillRule="evenodd" d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" clipRule="evenodd" />
    </svg>
  ) : (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" className="size-4">
      <rect x="7" y="7" width="10" height="10" rx="2" />
      <path d="M13 7V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h2" />
    </svg>
  );
}

/** Writes to the clipboard with a toast either way; `copied` is true for two seconds after a success. */
export function useCopy(value: string): { copied: boolean; copy: () => Promise<void> } {
  const t = useT();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast.success(t('common.copied'));
    } catch {
      showErrorToast(t('common.copyFailed'));
    }
  };
  return { copied, copy };
}
