import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { showErrorToast } from '../../lib/error-toast';
import { useT } from '../../lib/i18n/translate-context';
import { Button } from './button';
import { Tooltip } from './tooltip';

/**
 * `value` with its middle replaced by an ellipsis when it is longer than `head + tail + 1` characters: an address
 * or id stays recognisable by both ends and never wraps one character per line.
 *
 * @example
 * middleTruncate('0x8ba1f109551bD432803012645Ac136ddd64DBA72'); // '0x8ba1…BA72'
 */
export function middleTruncate(value: string, head = 6, tail = 4): string {
  if (value.length <= head + tail + 1) return value;
  return `${value.slice(0, head)}…${value.slice(-tail)}`;
}

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

type CopyableValueProps = {
  value: string;
  /** The copy button's accessible name, e.g. "Copy owner address of Ticket #1". */
  copyLabel: string;
  /** Characters kept at the start and the end (defaults suit 0x addresses). */
  head?: number;
  tail?: number;
  /** Makes the shown value an in-app link (e.g. to the wallet page). */
  to?: string | undefined;
  className?: string;
};

/**
 * An address or id truncated in the middle, the full value in a tooltip (on hover and on keyboard focus) and
 * for screen readers, and a copy button (ADR 090).
 */
export function CopyableValue({ value, copyLabel, head, tail, to, className }: CopyableValueProps) {
  const { copied, copy } = useCopy(value);
  const short = middleTruncate(value, head, tail);
  const text = (
    <>
      <span aria-hidden="true">{short}</span>
      <span className="sr-only">{value}</span>
    </>
  );
  const valueClass = 'rounded font-mono text-xs whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';
  return (
    <span className={cn('inline-flex max-w-full items-center gap-1', className)} data-copyable-value={value}>
      <Tooltip content={<span className="font-mono">{value}</span>}>
        {to ? (
          <Link to={to} className={cn(valueClass, 'text-indigo-700 hover:underline dark:text-indigo-300')}>
            {text}
          </Link>
        ) : (
          // Focusable so that keyboard users get the tooltip too.
          // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- the tooltip's trigger must take focus
          <span tabIndex={0} className={valueClass}>
            {text}
          </span>
        )}
      </Tooltip>
      <Button variant="ghost" size="icon" aria-label={copyLabel} onClick={() => void copy()} className="size-7">
        <CopyIcon copied={copied} />
      </Button>
    </span>
  );
}
