import { PROCESS_STEPS } from '#domain/content/shared.ts';
import type { TownPage as TownPageContent } from '#domain/content/town-pages.ts';
import { ButtonLink } from '../ui/Button.tsx';
import { RouterLink } from '../ui/RouterLink.tsx';
import { Hero } from '../ui/Hero.tsx';
import { Icon } from '../ui/Icon.tsx';
import { Section } from '../ui/Section.tsx';
import { CallButton, WhatsAppButton } from './Actions.tsx';
import { AreasGrid } from './AreasGrid.tsx';
import { CtaBand } from './CtaBand.tsx';
import { GlancePanel } from './HeroPanels.tsx';
import { PointCards } from './PointCards.tsx';
import { ProcessSteps } from './ProcessSteps.tsx';
import { withCurrentYears } from './content.ts';
import { KeepName } from './text.tsx';
import './pages.css';

/**
 * A town name longer than this many characters is wider than a phone's line in the h1's phone size (2rem: 14 characters
 * fit a 320 px phone's line); town.css sets such a page's h1 a little smaller there, so the name stands whole on a line.
 */
const LONG_NAME = 14;

/**
 * One town landing page (seed point 2): hero, three trust cards, eight services beside 'why choose local
 * electricians', the four-step process, the areas we cover and the closing quote section (#quote), which
 * the hero's 'Get Free Quote' button scrolls to. The five route files only say which town.
 */
export function TownPage({ content }: { content: TownPageContent }) {
  const page = withCurrentYears(content);
  const { town } = page;
  return (
    <div className={town.length > LONG_NAME ? 'pg-page pg-town pg-town--long-name' : 'pg-page pg-town'}>
      <Hero
        eyebrow={<KeepName text={`Local electricians · ${town}`} name={town} />}
        title={<KeepName text={page.hero.heading} name={town} />}
        lead={page.hero.lead}
        actions={
          <>
            <CallButton />
            <ButtonLink to={page.slug} hash="quote" variant="light" icon="arrow-right">
              Get Free Quote
            </ButtonLink>
          </>
        }
        aside={<GlancePanel />}
      />

      <section className="pg-trust" aria-labelledby="trust-title">
        <div className="container">
          <h2 id="trust-title" className="visually-hidden">
            Why choose us in {town}
          </h2>
          <PointCards items={page.trustCards} />
        </div>
      </section>

      <Section
        id="town-services"
        eyebrow={<KeepName text={`Electrical services in ${town}`} name={town} />}
        title={<KeepName text={`What we do in ${town}`} name={town} />}
      >
        <div className="pg-split">
          <ul className="pg-services">
            {page.services.map((service) => (
              <li key={service}>
                <Icon name="check" size={20} />
                <span>{service}</span>
              </li>
            ))}
          </ul>
          <div className="pg-why">
            <h3>{page.whyLocal.title}</h3>
            <ul className="checklist">
              {page.whyLocal.points.map((point) => (
                <li key={point}>
                  <Icon name="check" size={18} />
                  <span>{point}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </Section>

      <Section id="process" tone="alt" eyebrow="How we work" title="Four simple steps, from first call to certificate">
        <ProcessSteps steps={PROCESS_STEPS} />
      </Section>

      <Section id="areas" eyebrow="Areas we cover" title={<KeepName text={`${town} and nearby`} name={town} />}>
        <AreasGrid areas={page.areas} current={page.slug} />
      </Section>

      <CtaBand
        id="quote"
        heading={<KeepName text={page.closing.heading} name={town} />}
        text={page.closing.text}
        note={
          <>
            Prefer to write it down?{' '}
            <RouterLink to="/" hash="contact">
              Use our online quote form
            </RouterLink>
            , which also works offline: with no signal it is kept on your phone and sent when you are back online.
          </>
        }
      >
        <CallButton />
        <WhatsAppButton text={page.whatsappGreeting} label="WhatsApp Quote" />
      </CtaBand>
    </div>
  );
}
