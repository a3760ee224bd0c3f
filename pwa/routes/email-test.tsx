import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/ComingSoon.tsx';
import { pageHead } from '../lib/head.ts';

export const Route = createFileRoute('/email-test')({
  head: () => pageHead('/email-test'),
  component: EmailTestPage,
});

function EmailTestPage() {
  return <ComingSoon path="/email-test" />;
}
