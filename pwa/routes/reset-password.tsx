import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ComingSoon } from '../components/ComingSoon.tsx';
import { pageHead } from '../lib/head.ts';

// The e-mailed link carries ?token=…; a missing or malformed token becomes undefined rather than an error
// page, so the screen can show its own invalid-link message.
const searchSchema = z.object({
  token: z.string().min(1).optional().catch(undefined),
});

export const Route = createFileRoute('/reset-password')({
  validateSearch: searchSchema,
  head: () => pageHead('/reset-password'),
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { token } = Route.useSearch();
  return (
    <ComingSoon path="/reset-password">
      {token ? null : <p>This reset link is missing its token.</p>}
    </ComingSoon>
  );
}
