import { createFileRoute } from '@tanstack/react-router';
import { TOWN_PAGES } from '#domain/content/town-pages.ts';
import { TownPage } from '../components/pages/TownPage.tsx';
import { pageHead } from '../lib/head.ts';

export const Route = createFileRoute('/electrician-feltham')({
  head: () => pageHead('/electrician-feltham'),
  component: ElectricianFelthamPage,
});

function ElectricianFelthamPage() {
  return <TownPage content={TOWN_PAGES.feltham} />;
}
