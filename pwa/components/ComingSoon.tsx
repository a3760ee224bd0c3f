import type { ReactNode } from 'react';
import { routeTitle } from '#domain/routes.ts';
import type { ClientRoutePath } from '#domain/routes.ts';

/** Placeholder body for a route whose real page is still to be built; the heading is the route table's title. */
export function ComingSoon({ path, children }: { path: ClientRoutePath; children?: ReactNode }) {
  return (
    <section className="placeholder">
      <h1>{routeTitle(path)}</h1>
      <p>This page is coming soon.</p>
      {children}
    </section>
  );
}
