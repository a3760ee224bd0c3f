import { createFileRoute } from '@tanstack/react-router';
import { CustomerPortal } from '../components/portal/CustomerPortal.tsx';
import { portalSearch } from '../components/portal/search.ts';
import { pageHead } from '../lib/head.ts';

export const Route = createFileRoute('/customer-portal')({
  validateSearch: portalSearch,
  head: () => pageHead('/customer-portal'),
  component: PortalPage,
});

/** The customer portal (seed point 2); /customer and /customer-portal are the same screen. */
function PortalPage() {
  const search = Route.useSearch();
  return <CustomerPortal path="/customer-portal" search={search} />;
}
