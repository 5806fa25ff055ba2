// Password strength (spec §9): the password is checked on each change, debounced, with auth-js
// `passwords.strengthCheck` (the server scores it under the project's policy and the breach lists). zxcvbn: a
// 4-segment bar drawn from the server's score, with its feedback; luds: the two §9 lines; a breached password:
// the §9 message. Continue stays disabled until the check of the current password says valid_password.
import type { PasswordsApi } from '@keepsake/auth-js/passwords';
import type { PasswordStrengthResponse } from '@keepsake/auth-js/types';
import { useEffect, useState } from 'preact/hooks';
import { Message } from '../../components/message.tsx';
import { useWidget } from '../../widget/context.ts';

/** How long typing must pause before the password is checked. */
export const STRENGTH_DEBOUNCE_MS = 300;
/** Spec §3/§9: the server's defaults when the bootstrap has no password config. */
const LUDS_DEFAULTS = { luds_minimum_count: 8, luds_complexity: 3 };

type Strength = { password: string; result: PasswordStrengthResponse | null; error: string };

/** The strength of `password` (checked STRENGTH_DEBOUNCE_MS after the last change) and whether it is the current one. */
export function usePasswordStrength(email: string | undefined, password: string) {
  const { client, fail } = useWidget();
  const [strength, setStrength] = useState<Strength>({ password: '', result: null, error: '' });
  useEffect(() => {
    if (!password) return;
    let live = true;
    const timer = setTimeout(() => {
      (client.passwords as PasswordsApi)
        .strengthCheck({ password, ...(email ? { email } : {}) })
        .then((result) => live && setStrength({ password, result, error: '' }))
        // An invalid_email (or any failure) shows its message (spec §9).
        .catch((error: unknown) => live && setStrength({ password, result: null, error: fail(error) }));
    }, STRENGTH_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [client, email, password, fail]);
  const current = strength.password === password && password !== '';
  return { result: current ? strength.result : null, error: current ? strength.error : '', valid: current && strength.result?.valid_password === true };
}

function useLudsConfig() {
  const { client } = useWidget();
  const [config, setConfig] = useState(LUDS_DEFAULTS);
  useEffect(() => {
    let live = true;
    const bootstrap = (client as { bootstrap?: () => Promise<{ password_config: typeof LUDS_DEFAULTS | null }> }).bootstrap;
    void bootstrap?.()
      .then((data) => live && data.password_config && setConfig(data.password_config))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [client]);
  return config;
}

function Requirement({ met, text }: { met: boolean; text: string }) {
  return (
    <li class={met ? 'ks-met' : 'ks-unmet'}>
      <span aria-hidden="true">{met ? '✓' : '✗'}</span> {text}
    </li>
  );
}

/** What the strength check said, under the password field (its id is the field's aria-describedby). */
export function StrengthFeedback({ id, result, error }: { id: string; result: PasswordStrengthResponse | null; error: string }) {
  const { t } = useWidget();
  const luds = useLudsConfig();
  if (error) return <Message id={id} text={error} />;
  if (!result) return <div id={id} />;
  // An error, not a warning: the password cannot be used (Continue stays disabled).
  if (result.breached_password) return <Message id={id} text={t('password.breached')} />;
  if (result.strength_policy === 'luds') {
    const { missing_characters, missing_complexity } = result.feedback.luds_requirements;
    return (
      <ul id={id} class="ks-luds">
        <Requirement met={missing_characters === 0} text={t('password.luds.length', { count: String(luds.luds_minimum_count) })} />
        <Requirement met={missing_complexity === 0} text={t('password.luds.complexity', { count: String(luds.luds_complexity) })} />
      </ul>
    );
  }
  const score = Math.max(0, Math.min(4, result.score));
  const suggestions = result.valid_password ? [] : result.feedback.suggestions.filter(Boolean);
  return (
    <div id={id}>
      <div class={`ks-strength ${result.valid_password ? 'ks-strength-valid' : 'ks-strength-weak'}`} aria-hidden="true">
        {[1, 2, 3, 4].map((segment) => (
          <span key={segment} class={segment <= score ? 'ks-segment ks-segment-on' : 'ks-segment'} />
        ))}
      </div>
      <p class="ks-visually-hidden">{t('password.strength', { score: String(score) })}</p>
      {result.valid_password ? null : <Message variant="warning" text={result.feedback.warning} />}
      {suggestions.map((line) => (
        <p key={line} class="ks-text ks-secondary ks-small">
          {line}
        </p>
      ))}
    </div>
  );
}
