import { createFileRoute } from '@tanstack/react-router';
import { LANDING_PAGES } from '#domain/content/landing.ts';
import { LandingPage } from '../components/pages/LandingPage.tsx';
import { pageHead } from '../lib/head.ts';

export const Route = createFileRoute('/rewiring-surrey')({
  head: () => pageHead('/rewiring-surrey'),
  component: RewiringSurreyPage,
});

function RewiringSurreyPage() {
  return <LandingPage content={LANDING_PAGES.rewiring} />;
}
