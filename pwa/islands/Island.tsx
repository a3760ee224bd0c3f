import type { ReactNode } from 'react';
import { LinkProvider, PlainLink } from '../components/ui/AppLink.tsx';
import type { IslandName } from './registry.ts';

/**
 * Marks an interactive part of a page: on a prerendered islands page (pwa/islands/hydrate.tsx) React hydrates
 * only these, each on its own, from the component ISLANDS[name] loads; the rest of the page stays the HTML
 * it arrived as. The child must be that component with no props, so the island's markup is the same in the
 * prerendered page, in its own hydration and under the router. The wrapper takes no box (`display: contents`),
 * and links inside are plain `<a>` (AppLink), as an island has no router.
 */
export function Island({ name, children }: { name: IslandName; children: ReactNode }) {
  return (
    <div className="island" data-island={name}>
      <LinkProvider value={PlainLink}>{children}</LinkProvider>
    </div>
  );
}
