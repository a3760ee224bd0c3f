import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/ComingSoon.tsx';
import { pageHead } from '../lib/head.ts';

export const Route = createFileRoute('/emergency-electrician-ashford')({
  head: () => pageHead('/emergency-electrician-ashford'),
  component: EmergencyElectricianAshfordPage,
});

function EmergencyElectricianAshfordPage() {
  return <ComingSoon path="/emergency-electrician-ashford" />;
}
