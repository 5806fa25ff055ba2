// The chains package's error design (after viem's): one base class with a short message, details, an
// optional docs path and the cause; every failure is a named subclass that callers can test with
// `instanceof` or find inside a chain of causes with `walk()`.

export type ChainsErrorParameters = {
  /** What went wrong underneath, for people (defaults to the cause's message). */
  details?: string;
  /** A path under the docs site that explains the failure. */
  docsPath?: string;
  /** Extra lines shown between the short message and the details. */
  metaMessages?: string[];
  cause?: unknown;
};

export class ChainsError extends Error {
  override name = 'ChainsError';
  readonly shortMessage: string;
  readonly details: string;
  readonly docsPath: string | undefined;
  readonly metaMessages: string[];

  constructor(shortMessage: string, parameters: ChainsErrorParameters = {}) {
    const { cause } = parameters;
    const details =
      parameters.details ??
      (cause instanceof ChainsError
        ? cause.details || cause.shortMessage
        : cause instanceof Error
          ? ((cause as { shortMessage?: string }).shortMessage ?? cause.message)
          : '');
    const metaMessages = parameters.metaMessages ?? [];
    const message = [shortMessage, ...(metaMessages.length > 0 ? ['', ...metaMessages] : []), ...(details ? ['', `Details: ${details}`] : [])].join('\n');
    super(message, cause === undefined ? undefined : { cause });
    this.shortMessage = shortMessage;
    this.details = details;
    this.docsPath = parameters.docsPath;
    this.metaMessages = metaMessages;
  }

  /**
   * Follows the chain of causes and returns the deepest error, or the first one `predicate` accepts
   * (null when none does).
   */
  walk(predicate?: (error: unknown) => boolean): unknown {
    if (predicate?.(this)) return this;
    let last: unknown = this.cause;
    if (last === undefined || last === null) return predicate ? null : this;
    for (let current: unknown = last; current !== undefined && current !== null; current = current instanceof Error ? current.cause : undefined) {
      if (predicate?.(current)) return current;
      last = current;
    }
    return predicate ? null : last;
  }
}
