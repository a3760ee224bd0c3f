import { createFileRoute } from '@tanstack/react-router';
import { TOWN_PAGES } from '#domain/content/town-pages.ts';
import { TownPage } from '../components/pages/TownPage.tsx';
import { pageHead } from '../lib/head.ts';

export const Route = createFileRoute('/electrician-richmond')({
  head: () => pageHead('/electrician-richmond'),
  component: ElectricianRichmondPage,
});

function ElectricianRichmondPage() {
  return <TownPage content={TOWN_PAGES.richmond} />;
}
