import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { formatFullDateTime } from '../lib/format-date';
import { useT } from '../lib/i18n/translate-context';
import { passcodeInText } from '../lib/passcode-in-text';
import { Badge } from './ui/badge';
import { Button } from './ui/button';
import { CopyIcon, useCopy } from './ui/use-copy';

type DevMessageCardProps = {
  heading: string;
  createdAt: string;
  /** The message's text, searched for a passcode. */
  text: string;
  /** The first of the list: outlined, badged "Newest", its code large (the one the sign-in screen waits for). */
  newest: boolean;
  children: ReactNode;
};

/**
 * One message of the dev mailbox or dev outbox. Its passcode, when it has one, stands out in monospace above the
 * text, and the newest message is marked, so that after several attempts nobody types an older code.
 */
export function DevMessageCard({ heading, createdAt, text, newest, children }: DevMessageCardProps) {
  const t = useT();
  const code = passcodeInText(text);
  return (
    <li
      data-newest={newest || undefined}
      className={cn(
        'rounded-lg border p-4',
        newest
          ? 'border-indigo-300 bg-indigo-50/60 ring-1 ring-indigo-300 dark:border-indigo-700 dark:bg-indigo-950/40 dark:ring-indigo-700'
          : 'border-slate-200 dark:border-slate-800',
      )}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-semibold">{heading}</h2>
          {newest && <Badge tone="info">{t('devMessages.newest')}</Badge>}
        </div>
        <time dateTime={createdAt} className="text-xs text-slate-600 dark:text-slate-400">
          {formatFullDateTime(createdAt)}
        </time>
      </div>
      {code && <Passcode code={code} newest={newest} />}
      {children}
    </li>
  );
}

function Passcode({ code, newest }: { code: string; newest: boolean }) {
  const t = useT();
  const { copied, copy } = useCopy(code);
  return (
    <p className="mt-3 flex flex-wrap items-center gap-2">
      <span className="text-sm text-slate-600 dark:text-slate-400">{t('devMessages.code')}</span>
      <span
        data-testid="dev-passcode"
        className={cn(
          'font-mono font-bold tracking-[0.2em]',
          newest ? 'text-3xl text-indigo-800 dark:text-indigo-200' : 'text-lg text-slate-700 dark:text-slate-300',
        )}
      >
        {code}
      </span>
      <Button variant="ghost" size="icon" aria-label={t('devMessages.copyCode', { code })} onClick={() => void copy()} className="size-8">
        <CopyIcon copied={copied} />
      </Button>
    </p>
  );
}
