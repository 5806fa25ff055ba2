import { cn } from '../../lib/cn';
import { formatCompactDateTime, formatFullDateTime } from '../../lib/format-date';

type DateTimeProps = {
  /** An ISO timestamp; none shows '—'. */
  value: string | null | undefined;
  /** Only the date (e.g. a "Created" column). */
  dateOnly?: boolean;
  className?: string;
};

/**
 * A timestamp in a table cell or card: compact and on one line (never "10:35 / PM"), the full value to the second
 * in its tooltip (`title`) and the machine-readable one in `dateTime`.
 */
export function DateTime({ value, dateOnly = false, className }: DateTimeProps) {
  if (!value) return <span className={className}>—</span>;
  return (
    <time dateTime={value} title={formatFullDateTime(value)} className={cn('whitespace-nowrap', className)}>
      {formatCompactDateTime(value, { dateOnly })}
    </time>
  );
}
