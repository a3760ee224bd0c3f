import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/ComingSoon.tsx';
import { pageHead } from '../lib/head.ts';

export const Route = createFileRoute('/support')({
  head: () => pageHead('/support'),
  component: SupportPage,
});

function SupportPage() {
  return <ComingSoon path="/support" />;
}
