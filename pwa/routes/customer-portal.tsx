import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/ComingSoon.tsx';
import { pageHead } from '../lib/head.ts';

export const Route = createFileRoute('/customer-portal')({
  head: () => pageHead('/customer-portal'),
  component: CustomerPortalPage,
});

function CustomerPortalPage() {
  return <ComingSoon path="/customer-portal" />;
}
