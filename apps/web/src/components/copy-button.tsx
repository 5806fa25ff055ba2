import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { showErrorToast } from '../lib/error-toast';
import { useT } from '../lib/i18n/translate-context';
import { Button } from './button';

/** Copies `value` to the clipboard. `label` names what is copied, e.g. "Copy public token". */
export function CopyButton({ value, label }: { value: string; label: string }) {
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

  return (
    <Button variant="secondary" aria-label={label} onClick={() => void copy()}>
      {copied ? t('common.copied') : t('common.copy')}
    </Button>
  );
}
