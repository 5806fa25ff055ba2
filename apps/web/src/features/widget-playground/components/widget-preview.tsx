import { StytchLogin, StytchProvider } from '@keepsake/auth-ui/react';
import { useId, useMemo } from 'react';
import { useT } from '../../../lib/i18n/translate-context';
import { previewClient } from '../api/preview-client';
import type { WidgetDraft } from '../types/widget-settings';

/**
 * The real widget (`<StytchLogin>`), with the project's public token against this server, re-rendered in place
 * as the draft changes. A §5 configuration error shows here as the widget shows it.
 */
export function WidgetPreview({ publicToken, draft }: { publicToken: string; draft: WidgetDraft }) {
  const t = useT();
  const headingId = useId();
  const client = useMemo(() => previewClient(publicToken), [publicToken]);
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h2 id={headingId} className="text-lg font-semibold">
        {t('widgetPlayground.preview')}
      </h2>
      <p className="text-xs text-slate-600 dark:text-slate-400">{t('widgetPlayground.previewHint')}</p>
      <div data-testid="widget-preview" className="overflow-x-auto rounded-lg bg-slate-100 p-4 dark:bg-slate-800">
        <StytchProvider stytch={client}>
          <StytchLogin config={draft.config} styles={draft.styles} />
        </StytchProvider>
      </div>
    </section>
  );
}
