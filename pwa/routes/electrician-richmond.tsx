import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/ComingSoon.tsx';
import { pageHead } from '../lib/head.ts';

export const Route = createFileRoute('/electrician-richmond')({
  head: () => pageHead('/electrician-richmond'),
  component: ElectricianRichmondPage,
});

function ElectricianRichmondPage() {
  return <ComingSoon path="/electrician-richmond" />;
}
