import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import type { Translate } from './translate';

const TranslateContext = createContext<Translate | null>(null);

/**
 * Gives components a translate function without tying them to i18next, so that
 * the shell and marketing components render in both entries.
 */
export function TranslateProvider({ t, children }: { t: Translate; children: ReactNode }) {
  return <TranslateContext.Provider value={t}>{children}</TranslateContext.Provider>;
}

export function useT(): Translate {
  const t = useContext(TranslateContext);
  if (!t) throw new Error('useT can only be used inside <TranslateProvider>');
  return t;
}
