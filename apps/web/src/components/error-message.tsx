import { formatError } from '../lib/api-client';

/** The shared rendering of a failure: `[status] message` for API errors. */
export function ErrorMessage({ error, className = '' }: { error: unknown; className?: string }) {
  return (
    <p role="alert" className={`rounded-md bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950 dark:text-red-300 ${className}`}>
      {formatError(error)}
    </p>
  );
}
