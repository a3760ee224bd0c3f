import { Link } from '@tanstack/react-router';
import type { AppLinkProps } from './AppLink.tsx';

/** AppLink under the router (the root layout provides it): the router's `<Link>`, with its active state. */
export function RouterLink({ to, hash, activeOptions, className, onClick, children }: AppLinkProps) {
  return (
    <Link to={to} {...(hash ? { hash } : {})} activeOptions={activeOptions} className={className} onClick={onClick}>
      {children}
    </Link>
  );
}
