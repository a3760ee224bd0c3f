import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/ComingSoon.tsx';
import { pageHead } from '../lib/head.ts';

export const Route = createFileRoute('/electrician-hampton')({
  head: () => pageHead('/electrician-hampton'),
  component: ElectricianHamptonPage,
});

function ElectricianHamptonPage() {
  return <ComingSoon path="/electrician-hampton" />;
}
