import { createFileRoute } from '@tanstack/react-router';
import { AdminPortal } from '../components/admin/AdminPortal.tsx';
import { adminSearch } from '../components/admin/search.ts';
import { pageHead } from '../lib/head.ts';

/** The admin portal (seed point 2, issue 13). Only this route imports the admin's code. */
export const Route = createFileRoute('/admin')({
  validateSearch: adminSearch,
  head: () => pageHead('/admin'),
  component: AdminPortal,
});
