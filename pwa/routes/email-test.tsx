import { createFileRoute } from '@tanstack/react-router';
import { EmailTest } from '../components/dev/EmailTest.tsx';
import { requireDevTools } from '../components/dev/dev-tools.ts';
import { pageHead } from '../lib/head.ts';

export const Route = createFileRoute('/email-test')({
  beforeLoad: requireDevTools,
  head: () => pageHead('/email-test'),
  component: EmailTest,
});
