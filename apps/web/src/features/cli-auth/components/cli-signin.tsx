import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { LoadingState } from '../../../components/loading-state';
import { useT } from '../../../lib/i18n/translate-context';
import { approveLoopback } from '../api/device';

/**
 * `/cli-signin?redirect_uri=http://127.0.0.1:<port>/callback&state=…&code_challenge=…` for a signed-in developer:
 * approves once and sends the browser to the CLI's listener, which answers with /cli-signin/success.
 */
export function CliSignIn() {
  const t = useT();
  const [params] = useSearchParams();
  const [error, setError] = useState<unknown>();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    approveLoopback({
      redirect_uri: params.get('redirect_uri') ?? '',
      state: params.get('state') ?? '',
      code_challenge: params.get('code_challenge') ?? '',
    }).then((answer) => window.location.assign(answer.redirect_to), setError);
  }, [params]);
  return (
    <main className="mx-auto max-w-lg space-y-4 p-8">
      <h1 className="text-2xl font-bold tracking-tight">{t('title.cliSignin')}</h1>
      {error ? <ErrorMessage error={error} /> : <LoadingState />}
    </main>
  );
}
