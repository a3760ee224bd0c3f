import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/ComingSoon.tsx';
import { pageHead } from '../lib/head.ts';

export const Route = createFileRoute('/electrician-windsor')({
  head: () => pageHead('/electrician-windsor'),
  component: ElectricianWindsorPage,
});

function ElectricianWindsorPage() {
  return <ComingSoon path="/electrician-windsor" />;
}
