import { createFileRoute } from '@tanstack/react-router';
import { FAQ_ITEMS, FAQ_PAGE } from '#domain/content/faq.ts';
import { CallButton, QuoteFormButton, WhatsAppButton } from '../components/pages/Actions.tsx';
import { CtaBand } from '../components/pages/CtaBand.tsx';
import { FaqAccordion } from '../components/pages/FaqAccordion.tsx';
import { CallPanel } from '../components/pages/HeroPanels.tsx';
import { Hero } from '../components/ui/Hero.tsx';
import { pageHead } from '../lib/head.ts';

export const Route = createFileRoute('/faq')({
  head: () => pageHead('/faq'),
  component: FaqPage,
});

/** The FAQ (seed point 2): hero with call and WhatsApp, the fifteen questions, then advice and a quote. */
function FaqPage() {
  return (
    <div className="pg-page pg-compact">
      <Hero
        eyebrow="Help and advice"
        title={FAQ_PAGE.hero.heading}
        lead={FAQ_PAGE.hero.lead}
        actions={
          <>
            <CallButton />
            <WhatsAppButton label="Ask via WhatsApp" />
          </>
        }
      />
      <section className="section" aria-labelledby="faq-list-title">
        <div className="container pg-with-aside">
          <div>
            <h2 id="faq-list-title" className="visually-hidden">
              Questions and answers
            </h2>
            <FaqAccordion items={FAQ_ITEMS} />
          </div>
          <div className="pg-aside">
            <CallPanel title="Ask a qualified electrician" />
          </div>
        </div>
      </section>
      <CtaBand id="advice" heading={FAQ_PAGE.closing.heading} text={FAQ_PAGE.closing.text}>
        <CallButton label="Call for Expert Advice" variant="primary" />
        <QuoteFormButton />
      </CtaBand>
    </div>
  );
}
