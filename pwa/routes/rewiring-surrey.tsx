import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/ComingSoon.tsx';
import { pageHead } from '../lib/head.ts';

export const Route = createFileRoute('/rewiring-surrey')({
  head: () => pageHead('/rewiring-surrey'),
  component: RewiringSurreyPage,
});

function RewiringSurreyPage() {
  return <ComingSoon path="/rewiring-surrey" />;
}
