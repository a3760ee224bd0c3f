import { createFileRoute } from '@tanstack/react-router';
import { LANDING_PAGES } from '#domain/content/landing.ts';
import { LandingPage } from '../components/pages/LandingPage.tsx';
import { pageHead } from '../lib/head.ts';

export const Route = createFileRoute('/emergency-electrician-ashford')({
  head: () => pageHead('/emergency-electrician-ashford'),
  component: EmergencyElectricianAshfordPage,
});

function EmergencyElectricianAshfordPage() {
  return <LandingPage content={LANDING_PAGES.emergency} />;
}
