import { z } from 'zod';
import { CAPTCHA_ACTION, type CaptchaVerifier } from './captcha.ts';

const siteverifyResponse = z.object({
  success: z.boolean(),
  score: z.number().optional(),
  action: z.string().optional(),
  'error-codes': z.array(z.string()).optional(),
});

const VERIFY_TIMEOUT_MS = 5_000;

/**
 * reCAPTCHA: POSTs the token to siteverify (form-encoded secret, response, remoteip). A v3 answer must carry
 * the LOGIN action and a score of at least `minScore`; a v2 answer (no score) needs only `success`.
 * An unreachable or malformed siteverify refuses the token (fail closed).
 */
export function createRecaptchaVerifier(
  options: { siteKey: string | undefined; secretKey: string; verifyUrl: string; minScore: number },
  fetchImpl: typeof fetch = fetch,
): CaptchaVerifier {
  return {
    provider: 'recaptcha',
    siteKey: options.siteKey ?? '',
    async verify(token, { remoteIp }) {
      const form = new URLSearchParams({ secret: options.secretKey, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);
      let body: unknown;
      try {
        const response = await fetchImpl(options.verifyUrl, { method: 'POST', body: form, signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS) });
        if (!response.ok) return { ok: false, reason: `siteverify answered HTTP ${response.status}` };
        body = await response.json();
      } catch (error) {
        return { ok: false, reason: `siteverify could not be reached: ${error instanceof Error ? error.message : String(error)}` };
      }
      const parsed = siteverifyResponse.safeParse(body);
      if (!parsed.success) return { ok: false, reason: 'siteverify answered something unexpected' };
      const answer = parsed.data;
      if (!answer.success) return { ok: false, reason: `siteverify refused the token (${(answer['error-codes'] ?? []).join(', ') || 'no reason given'})` };
      if (answer.action !== undefined && answer.action !== CAPTCHA_ACTION) return { ok: false, reason: `the token is for action ${answer.action}` };
      if (answer.score !== undefined && answer.score < options.minScore) return { ok: false, reason: `score ${answer.score} is below ${options.minScore}` };
      return { ok: true };
    },
  };
}
