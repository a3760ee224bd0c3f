import type { Point } from '#domain/content/shared.ts';
import { Icon } from '../ui/Icon.tsx';
import type { AnyIcon } from '../ui/Icon.tsx';
import './pages.css';

/** Titled cards with an icon badge: trust cards, benefits. Titles are h3 under the section's h2. */
export function PointCards({ items, icon = 'check', wide = false }: { items: readonly (Point & { readonly icon?: AnyIcon })[]; icon?: AnyIcon; wide?: boolean }) {
  return (
    <ul className={`grid${wide ? ' grid--wide' : ''} pg-cards`}>
      {items.map((item) => (
        <li key={item.title} className="card pg-card">
          <span className="icon-badge">
            <Icon name={item.icon ?? icon} size={24} />
          </span>
          <h3>{item.title}</h3>
          <p>{item.text}</p>
        </li>
      ))}
    </ul>
  );
}
