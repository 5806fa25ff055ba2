import { widgetSettingsSchema } from '@keepsake/wire/console/widget-settings';
import { useId, useMemo, useReducer } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/button';
import { ErrorMessage } from '../../../components/error-message';
import { LoadingState } from '../../../components/loading-state';
import { useT } from '../../../lib/i18n/translate-context';
import { useSaveWidgetSettings, useWidgetSettings } from '../api/widget-settings';
import { initialState, playgroundReducer } from '../lib/draft';
import type { SavedWidget } from '../types/widget-settings';
import { ProductControls } from './product-controls';
import { SnippetPanel } from './snippet-panel';
import { ThemeControls } from './theme-controls';
import { WidgetPreview } from './widget-preview';

type PlaygroundProps = {
  projectId: string;
  publicToken: string;
  /** The OAuth providers the project has a client for (project settings). */
  oauthProviders: readonly string[];
  /** Owners and admins save; other members try things out without saving. */
  editable: boolean;
  /** Where the snippet's client sends its calls: this server. */
  endpoint: string;
};

/** The branding playground: the project's saved widget, loaded, then edited live. */
export function WidgetPlaygroundSection(props: PlaygroundProps) {
  const t = useT();
  const saved = useWidgetSettings(props.projectId);
  if (saved.isPending) return <LoadingState label={t('widgetPlayground.loading')} />;
  if (saved.isError) return <ErrorMessage error={saved.error} />;
  return <WidgetPlayground {...props} saved={saved.data} />;
}

export function WidgetPlayground({ projectId, publicToken, oauthProviders, editable, endpoint, saved }: PlaygroundProps & { saved: SavedWidget }) {
  const t = useT();
  const formId = useId();
  const [state, dispatch] = useReducer(playgroundReducer, saved, initialState);
  const save = useSaveWidgetSettings(projectId);
  const { draft } = state;
  // The server's own schema says whether the draft can be saved (and why not), before it is sent.
  const problems = useMemo(() => {
    const parsed = widgetSettingsSchema.safeParse(draft);
    return parsed.success ? [] : [...new Set(parsed.error.issues.map((issue) => issue.message))];
  }, [draft]);

  const submit = async () => {
    save.reset();
    const done = await save.mutateAsync(draft).catch(() => null);
    if (done) toast.success(t('widgetPlayground.saved'));
  };

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <form
        id={formId}
        aria-label={t('widgetPlayground.formLabel')}
        noValidate
        className="min-w-0 space-y-8"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <ProductControls key={state.version} state={state} dispatch={dispatch} oauthProviders={oauthProviders} />
        <ThemeControls state={state} dispatch={dispatch} />
        <div className="space-y-3 border-t border-slate-200 pt-4 dark:border-slate-700">
          {problems.length > 0 && (
            <ul aria-label={t('widgetPlayground.problems')} className="list-disc space-y-1 pl-5 text-sm text-red-700 dark:text-red-400">
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
          {save.isError && <ErrorMessage error={save.error} />}
          {editable ? (
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={problems.length > 0 || save.isPending}>
                {save.isPending ? t('widgetPlayground.saving') : t('widgetPlayground.save')}
              </Button>
              <Button variant="secondary" onClick={() => dispatch({ type: 'reset', saved })}>
                {t('widgetPlayground.revert')}
              </Button>
            </div>
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('widgetPlayground.readOnly')}</p>
          )}
        </div>
      </form>
      <div className="min-w-0 space-y-8 lg:sticky lg:top-4 lg:self-start">
        <WidgetPreview publicToken={publicToken} draft={draft} />
        <SnippetPanel {...draft} publicToken={publicToken} endpoint={endpoint} />
      </div>
    </div>
  );
}
