import { createFileRoute } from '@tanstack/react-router';
import { AuthTest } from '../components/dev/AuthTests.tsx';
import { requireDevTools } from '../components/dev/dev-tools.ts';
import { pageHead } from '../lib/head.ts';

export const Route = createFileRoute('/test-auth')({
  beforeLoad: requireDevTools,
  head: () => pageHead('/test-auth'),
  component: AuthTest,
});
