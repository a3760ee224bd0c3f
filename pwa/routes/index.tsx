import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/ComingSoon.tsx';
import { pageHead } from '../lib/head.ts';

export const Route = createFileRoute('/')({
  head: () => pageHead('/'),
  component: HomePage,
});

function HomePage() {
  return (
    <ComingSoon path="/">
      {/* Anchor targets of the header's Services, About and Contact links until the real sections land. */}
      <section id="services" aria-labelledby="services-heading">
        <h2 id="services-heading">Services</h2>
      </section>
      <section id="about" aria-labelledby="about-heading">
        <h2 id="about-heading">About</h2>
      </section>
      <section id="contact" aria-labelledby="contact-heading">
        <h2 id="contact-heading">Contact</h2>
      </section>
    </ComingSoon>
  );
}
