import { createContext, useContext, useSyncExternalStore } from 'react';
import type { ComponentType, MouseEventHandler, ReactNode } from 'react';
import { NAVIGATED_EVENT } from '../../islands/links.ts';

/** The props of a link inside the site, as a router `<Link>` takes them (`to` is a route path). */
export type AppLinkProps = {
  to: string;
  hash?: string | undefined;
  /** As the router's: `exact` compares the whole path, `includeHash` the hash too. */
  activeOptions?: { exact?: boolean; includeHash?: boolean } | undefined;
  className?: string | undefined;
  onClick?: MouseEventHandler<HTMLAnchorElement> | undefined;
  children?: ReactNode;
};

/**
 * A link inside the site for components that also run as islands (pwa/islands/), where there is no router:
 * they render a plain `<a>` there, and the router's `<Link>` where the root layout provides it. Inside an
 * island it is always the plain link, so the island's prerendered markup and its hydration agree.
 */
export function AppLink(props: AppLinkProps) {
  const Link = useContext(LinkContext);
  return <Link {...props} />;
}

/** A plain `<a>`: the document's link handler (pwa/islands/links.ts) hands its clicks to the router once loaded. */
export function PlainLink({ to, hash, activeOptions, className, onClick, children }: AppLinkProps) {
  const here = useSyncExternalStore(subscribe, currentAddress, () => null);
  const href = hash ? `${to}#${hash}` : to;
  const active = here !== null && isActive(here, to, hash, activeOptions);
  // As RouterLink: shown active by `data-status`; only a link to the page itself is the current page to a screen reader.
  const current = here !== null && !hash && (activeOptions?.includeHash ? here.split('#')[0] === to : active);
  return (
    <a href={href} className={className} onClick={onClick} data-status={active ? 'active' : undefined} aria-current={current ? 'page' : undefined}>
      {children}
    </a>
  );
}

const LinkContext = createContext<ComponentType<AppLinkProps>>(PlainLink);

/** Which link component AppLink renders: PlainLink by default (islands), the router's under the root layout. */
export const LinkProvider = LinkContext.Provider;

function subscribe(changed: () => void): () => void {
  for (const type of ['popstate', 'hashchange', NAVIGATED_EVENT]) window.addEventListener(type, changed);
  return () => {
    for (const type of ['popstate', 'hashchange', NAVIGATED_EVENT]) window.removeEventListener(type, changed);
  };
}

function currentAddress(): string {
  return `${window.location.pathname}${window.location.hash}`;
}

function isActive(here: string, to: string, hash: string | undefined, options: AppLinkProps['activeOptions']): boolean {
  const [path = '', currentHash = ''] = here.split('#');
  const pathMatches = options?.exact ? path === to : path === to || path.startsWith(to.endsWith('/') ? to : `${to}/`);
  return pathMatches && (!options?.includeHash || currentHash === (hash ?? ''));
}
