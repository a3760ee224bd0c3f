import type { ReactNode } from 'react';
import { routeTitle } from '#domain/routes.ts';
import type { ClientRoutePath } from '#domain/routes.ts';
import { CallButton } from './pages/Actions.tsx';
import { ButtonLink } from './ui/Button.tsx';
import { Hero } from './ui/Hero.tsx';

/**
 * Placeholder body for a route whose real page is still to be built: the route table's title as the h1, an
 * honest line, and the ways to reach us meanwhile.
 */
export function ComingSoon({ path, children }: { path: ClientRoutePath; children?: ReactNode }) {
  return (
    <Hero
      eyebrow="Coming soon"
      title={routeTitle(path)}
      lead="We are still building this page. In the meantime, call us or visit Client Support and we will help you straight away."
      actions={
        <>
          <CallButton />
          <ButtonLink to="/support" icon="arrow-right" variant="light">
            Client Support
          </ButtonLink>
        </>
      }
    >
      {children}
    </Hero>
  );
}
