import { createFileRoute } from '@tanstack/react-router';
import { LANDING_PAGES } from '#domain/content/landing.ts';
import { LandingPage } from '../components/pages/LandingPage.tsx';
import { pageHead } from '../lib/head.ts';

export const Route = createFileRoute('/consumer-unit-upgrade-surrey')({
  head: () => pageHead('/consumer-unit-upgrade-surrey'),
  component: ConsumerUnitUpgradeSurreyPage,
});

function ConsumerUnitUpgradeSurreyPage() {
  return <LandingPage content={LANDING_PAGES.consumerUnit} />;
}
