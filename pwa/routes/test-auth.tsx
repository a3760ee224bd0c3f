import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/ComingSoon.tsx';
import { pageHead } from '../lib/head.ts';

export const Route = createFileRoute('/test-auth')({
  head: () => pageHead('/test-auth'),
  component: TestAuthPage,
});

function TestAuthPage() {
  return <ComingSoon path="/test-auth" />;
}
