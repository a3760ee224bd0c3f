import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/ComingSoon.tsx';
import { pageHead } from '../lib/head.ts';

export const Route = createFileRoute('/consumer-unit-upgrade-surrey')({
  head: () => pageHead('/consumer-unit-upgrade-surrey'),
  component: ConsumerUnitUpgradeSurreyPage,
});

function ConsumerUnitUpgradeSurreyPage() {
  return <ComingSoon path="/consumer-unit-upgrade-surrey" />;
}
