import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/ComingSoon.tsx';
import { pageHead } from '../lib/head.ts';

export const Route = createFileRoute('/test-login')({
  head: () => pageHead('/test-login'),
  component: TestLoginPage,
});

function TestLoginPage() {
  return <ComingSoon path="/test-login" />;
}
