import { HeadContent, Outlet, createRootRoute } from '@tanstack/react-router';
import { SiteFooter } from '../components/layout/SiteFooter.tsx';
import { SiteHeader } from '../components/layout/SiteHeader.tsx';
import { SiteHosts } from '../components/layout/SiteHosts.tsx';
import { CONSENT_SLOT } from '../components/layout/CookieConsentHost.tsx';
import { NotFound } from '../components/pages/NotFound.tsx';
import { LinkProvider } from '../components/ui/AppLink.tsx';
import { RouterLink } from '../components/ui/RouterLink.tsx';
import { Island } from '../islands/Island.tsx';
import { businessName } from '../lib/head.ts';
import { usePageViews } from '../lib/page-views.ts';
import { useSameHashScroll } from '../lib/same-hash-scroll.ts';
import '../components/layout/layout.css';
import '../components/layout/header.css';
import '../components/layout/footer.css';

export const Route = createRootRoute({
  // Every page matches root plus its own route; root alone means nothing matched, i.e. the 404 page, and so
  // does a route that answered "not found" itself (the developer tools outside development): the router marks
  // the match that shows the not-found page with `_notFound`.
  head: ({ matches }) => ({
    meta: [{ title: matches.length > 1 && !matches.some((m) => m.status === 'notFound' || m._notFound) ? businessName : `Page Not Found | ${businessName}` }],
  }),
  component: RootLayout,
  notFoundComponent: NotFound,
});

/** The frame of every page (seed point 2): header, the page, footer, cookie banner, toasts and the update prompt. */
function RootLayout() {
  usePageViews();
  useSameHashScroll();
  return (
    <LinkProvider value={RouterLink}>
      <HeadContent />
      {/* The cookie banner shows here in the order of the page (it is drawn at the bottom of the screen): the first
          thing the Tab key and a screen reader reach, before the skip link, not after the whole page. */}
      <div id={CONSENT_SLOT} />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <Island name="hosts">
        <SiteHosts />
      </Island>
    </LinkProvider>
  );
}
