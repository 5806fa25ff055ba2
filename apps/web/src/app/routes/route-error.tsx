import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useT } from '../../lib/i18n/translate-context';

/** Last-resort boundary (e.g. a lazy chunk failed to load after a deploy). */
export function RouteError() {
  const t = useT();
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : String(error);
  return (
    <div role="alert" className="mx-auto max-w-xl p-8 text-center">
      <h1 className="text-xl font-semibold">{t('error.title')}</h1>
      <p className="mt-2 text-sm text-slate-600">{message}</p>
      <button type="button" className="mt-4 text-indigo-600 underline" onClick={() => window.location.reload()}>
        {t('error.reload')}
      </button>
    </div>
  );
}
