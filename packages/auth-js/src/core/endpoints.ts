// Where the client sends its calls. Keepsake is self-hosted, so the default is the page's own origin (an app
// served by Keepsake, like its console); any other app names its Keepsake with `endpoint`. Spec §9: a token
// containing 'public-token-test' selects the test host and any other the live host, when both are configured
// (docs/decisions/043).

/** One base URL for every token, or one for test tokens and one for live tokens. */
export type EndpointOption = string | { test: string; live: string };

/** Whether `value` can be an API base: an absolute http(s) URL without query or fragment. */
export function isValidEndpoint(value: unknown): value is string {
  if (typeof value !== 'string' || value === '') return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' && url.search === '' && url.hash === '' && !url.username;
  } catch {
    return false;
  }
}

/** Whether the token selects the test environment (spec §9). */
export function isTestToken(publicToken: string): boolean {
  return publicToken.includes('public-token-test');
}

/**
 * The API base URL (without `/sdk/v1`) for this token, and whether it is a custom one. An invalid endpoint
 * warns and falls back to the page's origin (spec §5).
 */
export function resolveEndpoint(publicToken: string, option: EndpointOption | undefined, pageOrigin: string, warn: (message: string) => void) {
  if (option === undefined) return { baseUrl: pageOrigin, custom: false };
  const chosen = typeof option === 'string' ? option : isTestToken(publicToken) ? option?.test : option?.live;
  if (!isValidEndpoint(chosen)) {
    warn(`@keepsake/auth-js: the endpoint ${JSON.stringify(chosen)} is not a valid http(s) URL; using ${pageOrigin} instead.`);
    return { baseUrl: pageOrigin, custom: false };
  }
  return { baseUrl: chosen.replace(/\/+$/, ''), custom: true };
}
