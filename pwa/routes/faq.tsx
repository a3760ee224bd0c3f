import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/ComingSoon.tsx';
import { pageHead } from '../lib/head.ts';

export const Route = createFileRoute('/faq')({
  head: () => pageHead('/faq'),
  component: FaqPage,
});

function FaqPage() {
  return <ComingSoon path="/faq" />;
}
