import { createFileRoute } from '@tanstack/react-router';
import { LoginTest } from '../components/dev/AuthTests.tsx';
import { requireDevTools } from '../components/dev/dev-tools.ts';
import { pageHead } from '../lib/head.ts';

export const Route = createFileRoute('/test-login')({
  beforeLoad: requireDevTools,
  head: () => pageHead('/test-login'),
  component: LoginTest,
});
