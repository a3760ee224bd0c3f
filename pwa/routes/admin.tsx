import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/ComingSoon.tsx';
import { pageHead } from '../lib/head.ts';

export const Route = createFileRoute('/admin')({
  head: () => pageHead('/admin'),
  component: AdminPage,
});

function AdminPage() {
  return <ComingSoon path="/admin" />;
}
