import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/ComingSoon.tsx';
import { pageHead } from '../lib/head.ts';

export const Route = createFileRoute('/password-reset')({
  head: () => pageHead('/password-reset'),
  component: PasswordResetPage,
});

function PasswordResetPage() {
  return <ComingSoon path="/password-reset" />;
}
