// The page the identity provider runs on: its query, and leaving it. One object so that component tests can
// replace the navigation (jsdom cannot leave the page).
export const idpBrowser = {
  /** The page URL's query (`?client_id=…`). */
  query: (): string => window.location.search,
  /** Sends the browser to `url` (the relying party's redirect). */
  navigate: (url: string): void => window.location.assign(url),
};
