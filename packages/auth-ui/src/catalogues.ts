// The catalogues of locales other than English, each a module loaded on demand (a dynamic import, so a page
// downloads only its own language). English ships in strings.ts. A catalogue's default export is a `Strings`
// object of the same keys; the i18n work adds one line per locale here, e.g.
//   'fr-FR': () => import('./catalogues/fr-FR.ts'),
import type { Locale } from './locale.ts';
import type { Strings } from './strings.ts';

export type CatalogueLoader = () => Promise<{ default: Strings }>;

export const CATALOGUES: Partial<Record<Locale, CatalogueLoader>> = {};
