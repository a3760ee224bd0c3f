import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/ComingSoon.tsx';
import { pageHead } from '../lib/head.ts';

export const Route = createFileRoute('/customer')({
  head: () => pageHead('/customer'),
  component: CustomerPage,
});

function CustomerPage() {
  return <ComingSoon path="/customer" />;
}
