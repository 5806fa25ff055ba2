import type { AuthConfig } from '../auth-config.ts';
import type { BreachChecker } from './breach.ts';
import type { PasswordScorer } from './scorer.ts';

/** Spec §5, word for word. */
export const BREACHED_PASSWORD_MESSAGE =
  'This password may have been used on a different site that experienced a security issue. Please choose another password.';
export const ludsLengthMessage = (count: number) => `Must be at least ${count} characters long`;
export const ludsComplexityMessage = (count: number) => `Must contain ${count} of the following: uppercase letter, lowercase letter, number, symbol`;

/** zxcvbn scores run 0–4; spec: 3 or more is a valid password under the zxcvbn policy. */
export const ZXCVBN_MIN_SCORE = 3;

export type StrengthResult = {
  valid_password: boolean;
  score: number;
  breached_password: boolean;
  strength_policy: 'zxcvbn' | 'luds';
  breach_detection_on_create: boolean;
  feedback: {
    warning: string;
    suggestions: string[];
    luds_requirements: {
      has_lower_case: boolean;
      has_upper_case: boolean;
      has_digit: boolean;
      has_symbol: boolean;
      missing_complexity: number;
      missing_characters: number;
    };
  };
};

export function ludsRequirements(password: string, policy: AuthConfig['passwords']) {
  const has_lower_case = /\p{Ll}/u.test(password);
  const has_upper_case = /\p{Lu}/u.test(password);
  const has_digit = /\p{Nd}/u.test(password);
  const has_symbol = /[^\p{L}\p{Nd}]/u.test(password);
  const classes = [has_lower_case, has_upper_case, has_digit, has_symbol].filter(Boolean).length;
  return {
    has_lower_case,
    has_upper_case,
    has_digit,
    has_symbol,
    missing_complexity: Math.max(0, policy.ludsComplexity - classes),
    missing_characters: Math.max(0, policy.ludsMinimumCount - [...password].length),
  };
}

/**
 * Checks a password against the project's policy and the breach lists. zxcvbn scores its first
 * SCORED_PREFIX_LENGTH code points on a worker thread; LUDS and the breach lists see the whole password.
 * @throws PasswordScorerBusyError
 */
export async function checkStrength(
  scorer: PasswordScorer,
  breach: BreachChecker,
  policy: AuthConfig['passwords'],
  password: string,
  email?: string,
): Promise<StrengthResult> {
  const userInputs = email ? [email, email.split('@')[0] ?? ''] : [];
  const [result, breached] = await Promise.all([scorer.score(password, userInputs), breach.isBreached(password)]);
  const luds = ludsRequirements(password, policy);
  let warning = '';
  let suggestions: string[];
  let valid: boolean;
  if (policy.strengthPolicy === 'luds') {
    suggestions = [
      ...(luds.missing_characters > 0 ? [ludsLengthMessage(policy.ludsMinimumCount)] : []),
      ...(luds.missing_complexity > 0 ? [ludsComplexityMessage(policy.ludsComplexity)] : []),
    ];
    valid = luds.missing_characters === 0 && luds.missing_complexity === 0;
  } else {
    warning = result.warning;
    suggestions = result.suggestions;
    valid = result.score >= ZXCVBN_MIN_SCORE;
  }
  if (breached) warning = BREACHED_PASSWORD_MESSAGE;
  return {
    valid_password: valid && !breached,
    score: result.score,
    breached_password: breached,
    strength_policy: policy.strengthPolicy,
    breach_detection_on_create: true,
    feedback: { warning, suggestions, luds_requirements: luds },
  };
}
