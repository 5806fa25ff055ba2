import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { Tooltip } from './tooltip';
import { CopyIcon, useCopy } from './use-copy';

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
