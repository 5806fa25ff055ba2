import { CopyButton } from '../../../components/copy-button';
import { useT } from '../../../lib/i18n/translate-context';

/** A named value shown in full (an id, a URL, a secret) with a button that copies it. */
export function LabelledValue({ label, value }: { label: string; value: string }) {
  const t = useT();
  return (
    <div>
      <p className="text-sm font-medium">{label}</p>
      <div className="mt-1 flex items-center gap-2">
        <code className="min-w-0 flex-1 rounded-md bg-slate-100 px-2 py-1.5 text-sm break-all dark:bg-slate-800">{value}</code>
        <CopyButton value={value} label={t('connectedApps.copy', { what: label })} />
      </div>
    </div>
  );
}
