import { createFileRoute } from '@tanstack/react-router';
import { ResetPassword } from '../components/auth/ResetPassword.tsx';
import { pageHead } from '../lib/head.ts';

// The emailed link carries ?token=…; a missing or malformed token becomes undefined rather than an error
// page, so the screen can show its own invalid-link message. A plain check, not zod: validateSearch stays in
// the entry chunk, and zod would add ~18 KB gzip to every marketing page.
function searchSchema(search: Record<string, unknown>): { token?: string } {
  const token = search['token'];
  return typeof token === 'string' && token.length > 0 && token.length <= 200 ? { token } : {};
}

export const Route = createFileRoute('/reset-password')({
  validateSearch: searchSchema,
  head: () => pageHead('/reset-password'),
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { token } = Route.useSearch();
  return <ResetPassword token={token} />;
}
