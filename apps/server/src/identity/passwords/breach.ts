import { createHash } from 'node:crypto';
import type { Logger } from 'pino';

/** Where the range API lives and how long to wait for it; undefined keeps the check offline. */
export type BreachApiOptions = { url: string; timeoutMs: number } | undefined;

let commonPasswords: Promise<Set<string>> | undefined;

/**
 * The bundled list of the most common leaked passwords (the @zxcvbn-ts common-password dictionary, about 49,000
 * entries), loaded on first use. Nothing is downloaded at run time.
 */
function loadCommonPasswords(): Promise<Set<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then((m) => new Set(m.dictionary['passwords-common']));
  return commonPasswords;
}

/**
 * Tells whether a password is known to be breached: offline against the bundled list, and, when the operator
 * turns it on (PASSWORD_BREACH_API_URL), through a k-anonymity range API: only the first five hex digits of the
 * password's SHA-1 leave the server (`GET <base>/range/<prefix>`, answered with `SUFFIX:COUNT` lines).
 * If the API fails or times out, the offline answer stands and a warning is logged.
 */
export function createBreachChecker(api: BreachApiOptions, log: Logger) {
  async function inRange(password: string): Promise<boolean> {
    if (!api) return false;
    const sha1 = createHash('sha1').update(password, 'utf8').digest('hex').toUpperCase();
    const prefix = sha1.slice(0, 5);
    const suffix = sha1.slice(5);
    try {
      const response = await fetch(`${api.url}/range/${prefix}`, {
        headers: { 'add-padding': 'true', 'user-agent': 'keepsake-auth' },
        signal: AbortSignal.timeout(api.timeoutMs),
      });
      if (!response.ok) throw new Error(`status ${response.status}`);
      const body = await response.text();
      return body.split('\n').some((line) => {
        const [hashSuffix, count] = line.trim().split(':');
        return hashSuffix?.toUpperCase() === suffix && Number(count) > 0;
      });
    } catch (error) {
      log.warn({ err: error }, 'breached-password range API unavailable; using the offline list only');
      return false;
    }
  }

  return {
    async isBreached(password: string): Promise<boolean> {
      const common = await loadCommonPasswords();
      if (common.has(password) || common.has(password.toLowerCase())) return true;
      return inRange(password);
    },
  };
}

export type BreachChecker = ReturnType<typeof createBreachChecker>;
