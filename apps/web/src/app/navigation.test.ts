// issue 11 "Navigation": tab titles, the highlighted console section and the one spelling of each path all come
// from the route manifest; these check them against the router's own matching.
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import enUS from '../locales/en-US.json';
import { activeSection, CONSOLE_SECTIONS, SECTIONLESS_CONSOLE_PAGES } from './console-sections';
import { appPathPatterns, canonicalPath, routeManifest, titleKeys, type RouteEntry } from './route-manifest';
import { routes } from './router';

const idsAt = (path: string) => (matchRoutes(routes, path) ?? []).map((match) => match.route.id ?? '');
const titleAt = (path: string) => titleKeys(idsAt(path)).map((key) => enUS[key as keyof typeof enUS]);

function titles(entries: readonly RouteEntry[]): string[] {
  return entries.flatMap((entry) => [...(entry.title ? [entry.title] : []), ...titles(entry.children ?? [])]);
}

describe('tab titles', () => {
  it('name the page, then its area', () => {
    expect(titleAt('/console/projects/apiKeys')).toEqual(['API keys', 'Console']);
    expect(titleAt('/console/collections/c1/created/nfts')).toEqual(['Created NFTs', 'Console']);
    expect(titleAt('/team')).toEqual(['Team']);
    expect(titleAt('/')).toEqual([]);
  });

  it('every title is a message, and every page but home has one', () => {
    for (const key of titles(routeManifest)) expect(enUS).toHaveProperty([key]);
    for (const { pattern } of appPathPatterns()) {
      const path = pattern.replace(/:[^/]+/g, 'x').replace('*', 'nope');
      if (path !== '/') expect({ path, title: titleAt(path).length }).not.toEqual({ path, title: 0 });
    }
  });
});

describe('console sections', () => {
  it('a sub-page highlights its section', () => {
    const label = (path: string) => activeSection(idsAt(path))?.label;
    expect(label('/console/create-collection')).toBe('console.nav.collections');
    expect(label('/console/collections/c1/details')).toBe('console.nav.collections');
    expect(label('/console/projects/p1/APIKeys/Create')).toBe('console.nav.apiKeys');
    expect(label('/console/projects/p1')).toBe('console.nav.projects');
    expect(label('/console/webhooks/e1')).toBe('console.nav.webhooks');
    expect(label('/console/wallets/0xabc')).toBe('console.nav.wallets');
    expect(label('/console/nope')).toBeUndefined();
  });

  it('every console page but the not-found one belongs to a section, or is listed as sectionless', () => {
    const owned = new Set([...CONSOLE_SECTIONS.flatMap((section) => section.routes), ...SECTIONLESS_CONSOLE_PAGES]);
    const consolePages = appPathPatterns().filter((route) => route.pattern.startsWith('/console/') && !route.notFound);
    for (const { id } of consolePages) expect({ id, owned: owned.has(id as never) }).toEqual({ id, owned: true });
  });
});

describe('canonical paths (ADR 096)', () => {
  it('another casing of a page redirects to the manifest spelling; params keep theirs', () => {
    expect(canonicalPath('/console/projects/apikeys')).toBe('/console/projects/apiKeys');
    expect(canonicalPath('/console/projects/APIKEYS')).toBe('/console/projects/apiKeys');
    expect(canonicalPath('/console/projects/AbC/apikeys/create')).toBe('/console/projects/AbC/APIKeys/Create');
    expect(canonicalPath('/Console/Wallets/0xAbC')).toBe('/console/wallets/0xAbC');
    expect(canonicalPath('/console/projects/addmember')).toBe('/console/projects/addMember');
  });

  it('leaves spec paths, trailing slashes and non-pages alone', () => {
    expect(canonicalPath('/console/projects/apiKeys')).toBeNull();
    expect(canonicalPath('/console/projects/p1/APIKeys/Create')).toBeNull();
    expect(canonicalPath('/console/projects/apiKeys/')).toBeNull();
    expect(canonicalPath('/')).toBeNull();
    expect(canonicalPath('/console/nope')).toBeNull();
  });
});
