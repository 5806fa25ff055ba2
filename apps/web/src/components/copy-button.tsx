import { useT } from '../lib/i18n/translate-context';
import { Button } from './button';
import { useCopy } from './ui/use-copy';

/** Copies `value` to the clipboard. `label` names what is copied, e.g. "Copy public token". */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const t = useT();
  const { copied, copy } = useCopy(value);
  return (
    <Button variant="secondary" aria-label={label} onClick={() => void copy()}>
      {copied ? t('common.copied') : t('common.copy')}
    </Button>
  );
}
