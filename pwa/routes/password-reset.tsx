import { createFileRoute } from '@tanstack/react-router';
import { AdminPasswordReset } from '../components/auth/AdminPasswordReset.tsx';
import { pageHead } from '../lib/head.ts';

// The admin's mailed link carries ?token=…, which opens the second step with it filled in.
function searchSchema(search: Record<string, unknown>): { token?: string } {
  const token = search['token'];
  return typeof token === 'string' && token.length > 0 && token.length <= 200 ? { token } : {};
}

export const Route = createFileRoute('/password-reset')({
  validateSearch: searchSchema,
  head: () => pageHead('/password-reset'),
  component: PasswordResetPage,
});

function PasswordResetPage() {
  const { token } = Route.useSearch();
  return <AdminPasswordReset token={token} />;
}
