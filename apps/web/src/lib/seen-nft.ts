// "See it", the Overview checklist's last step (features/onboarding), is set by the NFT detail page (features/collections).
// "See it", the checklist's last step, ticks once someone opened an NFT's detail page in this browser: the console
// API has no record of page views (a server field would make it follow the developer across browsers).

const key = (projectId: string) => `keepsake.onboarding.seenNft.${projectId}`;

/** Notes that an NFT of `projectId` was opened; the Overview checklist reads it. */
export function markNftSeen(projectId: string): void {
  try {
    window.localStorage.setItem(key(projectId), '1');
  } catch {
    // Storage can be unavailable (private mode, quota): the step then stays unticked.
  }
}

export function hasSeenNft(projectId: string): boolean {
  try {
    return window.localStorage.getItem(key(projectId)) === '1';
  } catch {
    return false;
  }
}
