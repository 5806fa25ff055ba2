// Spec §5 "Locale": nothing is rendered until the locale's catalogue has loaded; then the widget renders with its
// strings, English for any key it lacks, and the `strings` option on top. Screens read the locale with useLocale().
import { createContext, type ComponentChildren } from 'preact';
import { useContext, useEffect, useState } from 'preact/hooks';
import { DEFAULT_LOCALE, type Locale } from '../locale.ts';
import { createTranslate, type Strings, type Translate } from '../strings.ts';

const LocaleContext = createContext<Locale>(DEFAULT_LOCALE);

/** The widget's locale (e.g. for country names). */
export const useLocale = (): Locale => useContext(LocaleContext);

type LocalisedProps = {
  locale: Locale;
  catalogue: Strings | Promise<Strings>;
  overrides: Strings;
  /** The English strings of the client's products (`UIProduct.strings`). */
  english: Strings;
  render: (t: Translate) => ComponentChildren;
};

export function Localised({ locale, catalogue, overrides, english, render }: LocalisedProps) {
  const [loaded, setLoaded] = useState<Strings | null>(catalogue instanceof Promise ? null : catalogue);
  useEffect(() => {
    // The catalogue is the client's, loaded once: a widget unmounted meanwhile just never shows.
    if (catalogue instanceof Promise) void catalogue.then(setLoaded);
  }, [catalogue]);
  return loaded ? <LocaleContext.Provider value={locale}>{render(createTranslate(overrides, loaded, english))}</LocaleContext.Provider> : null;
}
