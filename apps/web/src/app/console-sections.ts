import type { MessageKey } from '../lib/i18n/translate';
import type { RouteId } from './route-manifest';

/** A console section: its sidebar link and the routes (sub-pages included) that belong to it. */
export type ConsoleSection = { readonly href: string; readonly label: MessageKey; readonly routes: readonly RouteId[] };

/** Every console section, in sidebar order. The sidebar and the mobile menu both list exactly these. */
export const CONSOLE_SECTIONS: readonly ConsoleSection[] = [
  { href: '/console/overview', label: 'console.nav.overview', routes: ['overview', 'console-index'] },
  { href: '/console/projects', label: 'console.nav.projects', routes: ['projects', 'project-details'] },
  { href: '/console/projects/apiKeys', label: 'console.nav.apiKeys', routes: ['api-keys', 'api-key-create'] },
  { href: '/console/projects/addMember', label: 'console.nav.members', routes: ['add-member'] },
  { href: '/console/projects/settings', label: 'console.nav.settings', routes: ['project-settings'] },
  { href: '/console/projects/branding', label: 'console.nav.branding', routes: ['project-branding'] },
  { href: '/console/projects/connected-apps', label: 'console.nav.connectedApps', routes: ['connected-apps'] },
  {
    href: '/console/collections',
    label: 'console.nav.collections',
    routes: [
      'collections',
      'create-collection',
      'collection',
      'collection-index',
      'collection-dashboard',
      'collection-details',
      'collection-branding',
      'collection-payments',
      'collection-contract',
      'collection-registered-nfts',
      'collection-created-nfts',
      'collection-nft',
      'collection-orders',
      'collection-order',
    ],
  },
  { href: '/console/orders', label: 'console.nav.orders', routes: ['orders', 'order-detail'] },
  { href: '/console/webhooks', label: 'console.nav.webhooks', routes: ['webhooks', 'webhook-endpoint'] },
  { href: '/console/wallets', label: 'console.nav.wallets', routes: ['wallets', 'wallet-details'] },
  { href: '/console/account', label: 'console.nav.account', routes: ['account'] },
];

/**
 * Console pages that belong to no section: the CLI's device sign-in (ADR 114) is reached from the link the CLI
 * prints, not from the sidebar, so no section lights up there.
 */
export const SECTIONLESS_CONSOLE_PAGES: readonly RouteId[] = ['authorize-device', 'authorize-device-success'];

/** The section the matched routes (innermost last) belong to, so a sub-page highlights its section. */
export function activeSection(matchedIds: readonly string[]): ConsoleSection | undefined {
  for (let i = matchedIds.length - 1; i >= 0; i--) {
    const section = CONSOLE_SECTIONS.find((item) => (item.routes as readonly string[]).includes(matchedIds[i]!));
    if (section) return section;
  }
  return undefined;
}
