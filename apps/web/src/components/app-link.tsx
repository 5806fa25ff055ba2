import { createContext, useContext } from 'react';
import type { ComponentProps, MouseEvent, ReactNode } from 'react';
import { isServerPath } from '../lib/safe-callback-url';

type Navigate = (to: string) => void;

const LinkNavigationContext = createContext<Navigate | null>(null);

/** Lets {@link AppLink} navigate client-side; without it links load pages. */
export function LinkNavigationProvider({ navigate, children }: { navigate: Navigate; children: ReactNode }) {
  return <LinkNavigationContext.Provider value={navigate}>{children}</LinkNavigationContext.Provider>;
}

function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * A link that works with or without a router: the shell and marketing pages use
 * it so that the marketing entry does not ship react-router.
 */
export function AppLink({ href, onClick, target, children, ...rest }: ComponentProps<'a'> & { href: string }) {
  const navigate = useContext(LinkNavigationContext);
  return (
    <a
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!navigate || event.defaultPrevented || !isPlainClick(event)) return;
        if ((target && target !== '_self') || !href.startsWith('/') || href.startsWith('//') || isServerPath(href)) return;
        event.preventDefault();
        navigate(href);
      }}
      {...rest}
    >
      {children}
    </a>
  );
}
