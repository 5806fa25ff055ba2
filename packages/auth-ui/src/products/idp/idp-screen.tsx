// The IDP Consent screen (spec §2) and the logout confirmation: what the identity-provider mount shows while
// useIdpFlow runs — a spinner, the consent question with the requested scopes in plain words, the logout
// question, or where the flow ended.
import { Button, ErrorText } from '../../components/button.tsx';
import { Message } from '../../components/message.tsx';
import type { StringKey } from '../../strings.ts';
import { useWidget } from '../../widget/context.ts';
import { useIdpFlow } from './use-idp-flow.ts';

const KNOWN_SCOPES = new Set(['openid', 'profile', 'email', 'phone', 'full_access', 'offline_access']);
const ERROR_ID = 'ks-idp-error';

/** A scope in plain words (spec §2: openid, profile, email, phone, full_access, offline_access). */
function useScopeText() {
  const { t } = useWidget();
  return (scope: string) => (KNOWN_SCOPES.has(scope) ? t(`idp.scope.${scope}` as StringKey) : t('idp.scope.other', { scope }));
}

function Logo() {
  const { theme, t } = useWidget();
  return theme.logo.logoImageUrl ? <img class="ks-logo" src={theme.logo.logoImageUrl} alt={t('logo.alt')} /> : null;
}

export function IdpConsentScreen() {
  const { t } = useWidget();
  const scopeText = useScopeText();
  const flow = useIdpFlow();
  const { phase, busy, error } = flow;

  if (phase.kind === 'loading')
    return (
      <div class="ks-screen ks-idp-loading" role="status">
        <span class="ks-spinner" aria-hidden="true" />
        <span class="ks-visually-hidden">{t('idp.loading')}</span>
      </div>
    );

  if (phase.kind === 'message')
    return (
      <div class="ks-screen">
        <Logo />
        {phase.error ? (
          <Message text={phase.text} />
        ) : (
          <p class="ks-text" role="status">
            {phase.text}
          </p>
        )}
        {phase.returnUrl ? (
          <a class="ks-link" href={phase.returnUrl}>
            {t('idp.returnToApplication')}
          </a>
        ) : null}
      </div>
    );

  if (phase.kind === 'consent')
    return (
      <div class="ks-screen">
        <Logo />
        <h1 class="ks-header">{t('idp.consent.header', { client: phase.clientName })}</h1>
        <p class="ks-text" id="ks-idp-scopes-intro">
          {t('idp.consent.intro', { client: phase.clientName })}
        </p>
        <ul class="ks-idp-scopes" aria-labelledby="ks-idp-scopes-intro">
          {phase.scopes.map((scope) => (
            <li key={scope}>{scopeText(scope)}</li>
          ))}
        </ul>
        <ErrorText id={ERROR_ID} message={error} />
        <Button loading={busy === 'allow'} disabled={busy !== null} onClick={flow.allow}>
          {t('idp.consent.allow')}
        </Button>
        <Button variant="secondary" loading={busy === 'deny'} disabled={busy !== null} onClick={flow.deny}>
          {t('idp.consent.deny')}
        </Button>
      </div>
    );

  return (
    <div class="ks-screen">
      <Logo />
      <h1 class="ks-header">{t('idp.logout.header')}</h1>
      <p class="ks-text">{t('idp.logout.question')}</p>
      <ErrorText id={ERROR_ID} message={error} />
      <Button loading={busy === 'logout'} disabled={busy !== null} onClick={flow.logOut}>
        {t('idp.logout.yes')}
      </Button>
      <Button variant="secondary" disabled={busy !== null} onClick={flow.stayLoggedIn}>
        {t('idp.logout.no')}
      </Button>
    </div>
  );
}
