import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/ComingSoon.tsx';
import { pageHead } from '../lib/head.ts';

export const Route = createFileRoute('/customer-auth')({
  head: () => pageHead('/customer-auth'),
  component: CustomerAuthPage,
});

function CustomerAuthPage() {
  return <ComingSoon path="/customer-auth" />;
}
