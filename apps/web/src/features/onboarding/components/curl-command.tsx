import { CopyButton } from '../../../components/copy-button';

/** A shell command shown as code, wrapped rather than scrolled (a scrolling region would need its own tab stop), with a button that copies it whole. */
export function CurlCommand({ command, copyLabel }: { command: string; copyLabel: string }) {
  return (
    <div className="mt-2 flex items-start gap-2">
      <pre className="min-w-0 flex-1 whitespace-pre-wrap break-all rounded-md bg-slate-100 p-3 font-mono text-xs text-slate-800 dark:bg-slate-900 dark:text-slate-200">
        <code>{command}</code>
      </pre>
      <CopyButton value={command} label={copyLabel} />
    </div>
  );
}
