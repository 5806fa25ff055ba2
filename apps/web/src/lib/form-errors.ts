import { ApiError } from './api-client';

/**
 * The form field a refusal of the server is about, and its message without the `[status]` prefix, when it is
 * about one: a 400/422 whose message starts with the field's API name ("url must use https://") or is one of
 * the messages listed for the field (the spec's own wording, e.g. "Name cannot be empty" for the title).
 * Anything else stays a banner for the whole form.
 */
export function serverFieldError<F extends string>(
  error: unknown,
  fields: Readonly<Partial<Record<F, readonly string[]>>> | readonly F[],
): { field: F; message: string } | null {
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 422)) return null;
  const message = error.message.trim();
  const entries: [F, readonly string[]][] = Array.isArray(fields)
    ? (fields as readonly F[]).map((field) => [field, []])
    : (Object.entries(fields) as [F, readonly string[]][]);
  for (const [field, messages] of entries) {
    if (messages.includes(message) || message.startsWith(`${field} `)) return { field, message };
  }
  return null;
}
