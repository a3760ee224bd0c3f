import type { ReactNode } from 'react';
import { Icon, type AnyIcon } from './Icon.tsx';
import { RouterLink } from './RouterLink.tsx';

type Variant = 'primary' | 'secondary' | 'light' | 'whatsapp';

type Common = { variant?: Variant; small?: boolean; icon?: AnyIcon; children: ReactNode; className?: string };

/**
 * A link styled as a button. `to` (+ `hash`) navigates inside the app; `href` leaves it (tel:, wa.me,
 * mailto:, maps) — those open in a new tab only when `newTab` says so.
 */
export function ButtonLink(props: Common & ({ to: string; hash?: string } | { href: string; newTab?: boolean })) {
  const cls = `btn btn--${props.variant ?? 'primary'}${props.small ? ' btn--small' : ''}${props.className ? ` ${props.className}` : ''}`;
  const inner = (
    <>
      {props.icon ? <Icon name={props.icon} size={18} /> : null}
      <span>{props.children}</span>
    </>
  );
  if ('href' in props) {
    return (
      <a className={cls} href={props.href} {...(props.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {inner}
      </a>
    );
  }
  return (
    <RouterLink className={cls} to={props.to} hash={props.hash}>
      {inner}
    </RouterLink>
  );
}
