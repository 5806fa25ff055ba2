/** A short local date and time for an ISO timestamp; '—' for none. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString(undefined, { dateStyle: 'medium' });
}

/**
 * The compact form for a table cell: "Nov 25, 10:35 PM" this year, "Nov 25, 2025" another year (the time of an
 * older event rarely matters at a glance); `dateOnly` drops the time either way. The full value stays in
 * `formatFullDateTime`.
 */
export function formatCompactDateTime(iso: string, { dateOnly = false, now = new Date() }: { dateOnly?: boolean; now?: Date } = {}): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (date.getFullYear() !== now.getFullYear()) return date.toLocaleDateString(undefined, { dateStyle: 'medium' });
  if (dateOnly) return date.toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
  return date.toLocaleString(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** Every part of a timestamp, to the second (for a tooltip or a details page). */
export function formatFullDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'medium' });
}
