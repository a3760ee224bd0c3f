import { Link } from '@tanstack/react-router';
import { EQUAL_SERVICE_NOTE } from '#domain/content/areas.ts';
import { TOWN_PAGE_LIST } from '#domain/content/town-pages.ts';
import type { ClientRoutePath } from '#domain/routes.ts';
import { Icon } from '../ui/Icon.tsx';
import './pages.css';

/**
 * The 'areas we cover' grid, with exactly the areas it is given. An area that has its own town page links
 * to it (never to the page we are on), which also helps visitors and search engines find those pages.
 */
export function AreasGrid({ areas, current }: { areas: readonly string[]; current?: ClientRoutePath }) {
  return (
    <>
      <ul className="pg-areas">
        {areas.map((area) => {
          const page = TOWN_PAGE_LIST.find((p) => p.town === area && p.slug !== current);
          return (
            <li key={area} className="pg-areas__item">
              {page ? (
                <Link to={page.slug} className="pg-areas__link">
                  <Icon name="pin" size={18} />
                  <span>{area}</span>
                  <Icon name="arrow-right" size={16} className="pg-areas__go" />
                </Link>
              ) : (
                <span className="pg-areas__place">
                  <Icon name="pin" size={18} />
                  <span>{area}</span>
                </span>
              )}
            </li>
          );
        })}
      </ul>
      <p className="pg-areas__note">{EQUAL_SERVICE_NOTE}</p>
    </>
  );
}
