import { CopyButton } from '../../../components/copy-button';

/** A shell command shown as code, wrapped rather than scrolled (a scrolling region would need its own tab stop), with a button that copies it whole. */
export function CurlCommand({ command, copyLabel }: { command: string; copyLabel: string }) {
  return (
    // Under 640 px the button goes below the command, which keeps the full width (beside it, the command was a
    // narrow column broken every few characters); long URLs break only where they must (overflow-wrap: anywhere).
    <div className="mt-2 flex flex-col items-end gap-2 sm:flex-row sm:items-start">
      <pre className="w-full min-w-0 flex-1 whitespace-pre-wrap wrap-anywhere rounded-md bg-slate-100 p-3 font-mono text-xs text-slate-800 dark:bg-slate-900 dark:text-slate-200">
        <code>{command}</code>
      </pre>
      <CopyButton value={command} label={copyLabel} />
    </div>
  );
}
