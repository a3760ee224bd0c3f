import type { LandingPage as LandingPageContent } from '#domain/content/landing.ts';
import { Hero } from '../ui/Hero.tsx';
import { Icon } from '../ui/Icon.tsx';
import { Section } from '../ui/Section.tsx';
import { CallButton, QuoteFormButton, WhatsAppButton } from './Actions.tsx';
import { AreasGrid } from './AreasGrid.tsx';
import { CtaBand } from './CtaBand.tsx';
import { CallPanel } from './HeroPanels.tsx';
import { PointCards } from './PointCards.tsx';
import { ProcessSteps } from './ProcessSteps.tsx';
import { withCurrentYears } from './content.ts';
import './pages.css';

/**
 * A service landing page (seed point 2, 'Other landing pages'): hero with call, free-quote and WhatsApp
 * buttons, the benefits, a checklist beside the plain facts, the process steps, the coverage areas and a
 * closing band. The emergency page leads with the phone and shows its safety advice as a warning.
 */
export function LandingPage({ content }: { content: LandingPageContent }) {
  const page = withCurrentYears(content);
  const emergency = page.key === 'emergency';
  const whatsappLabel = emergency ? 'WhatsApp us' : 'WhatsApp Quote';
  return (
    <div className={`pg-page pg-landing${emergency ? ' pg-landing--emergency' : ''}`}>
      <Hero
        eyebrow={page.hero.eyebrow}
        title={page.hero.heading}
        lead={page.hero.lead}
        actions={
          <>
            <CallButton label={emergency ? 'Call now' : undefined} />
            <QuoteFormButton />
            <WhatsAppButton text={page.whatsappGreeting} label={whatsappLabel} />
          </>
        }
        aside={<CallPanel title={emergency ? 'Our emergency line' : 'Talk to a qualified electrician'} emergency={emergency} />}
      >
        <ul className="pg-highlights">
          {page.hero.highlights.map((item) => (
            <li key={item}>
              <Icon name="check" size={18} />
              <span>{item}</span>
            </li>
          ))}
        </ul>
      </Hero>

      <Section id="benefits" title={page.benefits.heading}>
        <PointCards items={page.benefits.items} icon={emergency ? 'zap' : 'check'} />
      </Section>

      <Section tone="alt">
        <div className="pg-split pg-split--even">
          <section className="pg-box" aria-labelledby="checklist-title">
            <h2 id="checklist-title">{page.checklist.heading}</h2>
            <ul className="pg-signs">
              {page.checklist.items.map((item) => (
                <li key={item}>
                  <Icon name={emergency ? 'zap' : 'warning'} size={18} />
                  <span>{item}</span>
                </li>
              ))}
            </ul>
          </section>
          <section className={`pg-box${emergency ? ' pg-box--warning' : ''}`} aria-labelledby="facts-title">
            <h2 id="facts-title">{page.facts.heading}</h2>
            <dl className="pg-facts">
              {page.facts.items.map((fact) => (
                <div key={fact.title} className="pg-facts__item">
                  <dt>{fact.title}</dt>
                  <dd>{fact.text}</dd>
                </div>
              ))}
            </dl>
          </section>
        </div>
      </Section>

      <Section id="process" eyebrow="Step by step" title={page.steps.heading}>
        <ProcessSteps steps={page.steps.items} />
      </Section>

      <Section id="coverage" tone="alt" eyebrow="Areas we cover" title={page.coverage.heading} intro={page.coverage.text}>
        <AreasGrid areas={page.coverage.areas} current={page.slug} />
      </Section>

      <CtaBand id="quote" heading={page.closing.heading} text={page.closing.text}>
        <CallButton />
        <QuoteFormButton />
        <WhatsAppButton text={page.whatsappGreeting} label={whatsappLabel} />
      </CtaBand>
    </div>
  );
}
