import { useEffect, useState } from 'react';

/**
 * Keeps an element mounted for `durationMs` after `open` turns false, so that
 * it can fade out. (Fading in is CSS: `starting:opacity-0`.)
 */
export function useFadePresence(open: boolean, durationMs: number): boolean {
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);
  useEffect(() => {
    if (open) return;
    const timer = setTimeout(() => setMounted(false), durationMs);
    return () => clearTimeout(timer);
  }, [open, durationMs]);
  return mounted;
}
