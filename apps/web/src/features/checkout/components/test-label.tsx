import { Badge } from '../../../components/ui/badge';

/** "TEST" with the processor's own label: a payment here is never real money (issue 14 item 10). */
export function TestLabel({ label }: { label: string }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-amber-800 dark:text-amber-300">
      <Badge tone="warning">TEST</Badge>
      <span>{label}</span>
    </p>
  );
}
