import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/ComingSoon.tsx';
import { pageHead } from '../lib/head.ts';

export const Route = createFileRoute('/forgot-password')({
  head: () => pageHead('/forgot-password'),
  component: ForgotPasswordPage,
});

function ForgotPasswordPage() {
  return <ComingSoon path="/forgot-password" />;
}
