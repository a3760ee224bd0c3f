import { useLinkProps, useLocation } from '@tanstack/react-router';
import type { AppLinkProps } from './AppLink.tsx';

/**
 * AppLink under the router (the root layout provides it): the router's link, with its active state (`data-status`,
 * the `active` class, which the navigation's styles follow). `aria-current="page"` only on a link to the page
 * itself: the router also gave it to a link to a section of the page (`/#services`, "Get a Free Quote"), which a
 * screen reader then called the current page. A link whose activeness depends on the hash (the home page's Home,
 * ACTIVE_WITH_HASH) is still the current page whatever section is in view.
 */
export function RouterLink({ to, hash, activeOptions, className, onClick, children }: AppLinkProps) {
  const props = useLinkProps({ to, ...(hash ? { hash } : {}), activeOptions, className, onClick } as Parameters<typeof useLinkProps>[0]);
  const pathname = useLocation({ select: (location) => location.pathname });
  const current = hash ? undefined : activeOptions?.includeHash ? (pathname === to ? 'page' : undefined) : props['aria-current'];
  return (
    <a {...props} aria-current={current}>
      {children}
    </a>
  );
}
