import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/ComingSoon.tsx';
import { pageHead } from '../lib/head.ts';

export const Route = createFileRoute('/electrician-staines')({
  head: () => pageHead('/electrician-staines'),
  component: ElectricianStainesPage,
});

function ElectricianStainesPage() {
  return <ComingSoon path="/electrician-staines" />;
}
