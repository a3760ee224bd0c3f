import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/ComingSoon.tsx';
import { pageHead } from '../lib/head.ts';

export const Route = createFileRoute('/electrician-feltham')({
  head: () => pageHead('/electrician-feltham'),
  component: ElectricianFelthamPage,
});

function ElectricianFelthamPage() {
  return <ComingSoon path="/electrician-feltham" />;
}
