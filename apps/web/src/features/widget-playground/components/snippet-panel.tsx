import { useId } from 'react';
import { CopyButton } from '../../../components/copy-button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useT } from '../../../lib/i18n/translate-context';
import { reactSnippet, vanillaSnippet, type SnippetInput } from '../lib/snippet';

/** The code to copy, vanilla and React, with the draft's config and styles. */
export function SnippetPanel(input: SnippetInput) {
  const t = useT();
  const headingId = useId();
  const snippets = [
    { id: 'vanilla', label: t('widgetPlayground.snippet.vanilla'), code: vanillaSnippet(input) },
    { id: 'react', label: t('widgetPlayground.snippet.react'), code: reactSnippet(input) },
  ];
  return (
    <section aria-labelledby={headingId} className="min-w-0 space-y-2">
      <h2 id={headingId} className="text-lg font-semibold">
        {t('widgetPlayground.snippet.title')}
      </h2>
      <Tabs defaultValue="vanilla">
        <TabsList aria-label={t('widgetPlayground.snippet.flavour')}>
          {snippets.map((snippet) => (
            <TabsTrigger key={snippet.id} value={snippet.id}>
              {snippet.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {snippets.map((snippet) => (
          <TabsContent key={snippet.id} value={snippet.id} className="space-y-2">
            <div className="flex justify-end">
              <CopyButton value={snippet.code} label={t('widgetPlayground.snippet.copy', { flavour: snippet.label })} />
            </div>
            <pre
              // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- a scrolling code block must take focus to scroll by keyboard
              tabIndex={0}
              aria-label={t('widgetPlayground.snippet.code', { flavour: snippet.label })}
              className="max-h-[28rem] overflow-auto rounded-md bg-slate-900 p-3 text-xs leading-relaxed text-slate-100"
            >
              <code>{snippet.code}</code>
            </pre>
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}
