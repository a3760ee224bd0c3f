import { createFileRoute } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { BUSINESS } from '#domain/business.ts';
import { MAILTO_HREF, TEL_HREF } from '#domain/content/shared.ts';
import { SUPPORT_CARDS, SUPPORT_META } from '#domain/content/support.ts';
import { BookingLookup } from '../components/pages/support/BookingLookup.tsx';
import { CallPanel } from '../components/pages/HeroPanels.tsx';
import { BreakAfterAt } from '../components/pages/text.tsx';
import { SupportRequestForm } from '../components/pages/support/SupportRequestForm.tsx';
import { ButtonLink } from '../components/ui/Button.tsx';
import { Hero } from '../components/ui/Hero.tsx';
import { Icon } from '../components/ui/Icon.tsx';
import type { AnyIcon } from '../components/ui/Icon.tsx';
import { Section } from '../components/ui/Section.tsx';
import { pageHead } from '../lib/head.ts';
import '../components/pages/pages.css';

export const Route = createFileRoute('/support')({
  head: () => pageHead('/support'),
  component: SupportPage,
});

const CARD_ICONS: Readonly<Record<(typeof SUPPORT_CARDS)[number]['key'], AnyIcon>> = { reset: 'lock', lookup: 'search', contact: 'phone' };

/**
 * Client Support (seed point 2), public: three cards (reset the password by email, find my bookings,
 * contact us directly), the booking lookup the second card opens, and the support request form.
 */
function SupportPage() {
  const [lookupOpen, setLookupOpen] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const toggleLookup = () => {
    const open = !lookupOpen;
    setLookupOpen(open);
    if (open) requestAnimationFrame(() => emailRef.current?.focus());
  };
  return (
    <div className="pg-page pg-compact">
      <Hero eyebrow="Help and support" title="Client Support" lead={SUPPORT_META.description} />
      <Section id="help" title="How can we help?">
        <ul className="grid pg-cards pg-support-cards">
          {SUPPORT_CARDS.map((card) => (
            <li key={card.key} className="card pg-card">
              <span className="icon-badge">
                <Icon name={CARD_ICONS[card.key]} size={24} />
              </span>
              <h3>{card.title}</h3>
              <p>
                <BreakAfterAt text={card.text} />
              </p>
              <div className="btn-row pg-card__actions">
                {card.key === 'reset' ? (
                  <ButtonLink to="/forgot-password" variant="secondary" small icon="arrow-right">
                    Reset password
                  </ButtonLink>
                ) : card.key === 'lookup' ? (
                  <button type="button" className="btn btn--secondary btn--small" aria-expanded={lookupOpen} aria-controls="booking-lookup" onClick={toggleLookup}>
                    <Icon name="search" size={18} />
                    <span>Find my bookings</span>
                    <Icon name="chevron-down" size={18} className="pg-disclosure-icon" />
                  </button>
                ) : (
                  <>
                    <ButtonLink href={TEL_HREF} variant="secondary" small icon="phone">
                      Call {BUSINESS.phone}
                    </ButtonLink>
                    <ButtonLink href={MAILTO_HREF} variant="secondary" small icon="mail">
                      Email us
                    </ButtonLink>
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
        <div id="booking-lookup" hidden={!lookupOpen}>
          <BookingLookup emailRef={emailRef} />
        </div>
      </Section>
      <Section id="support-request" tone="alt" title="Send a support request" intro={`Tell us what is wrong and we will reply ${BUSINESS.replyPromise} by email or phone.`} labelledBy="support-request-title">
        <div className="pg-with-aside">
          <SupportRequestForm />
          <div className="pg-aside">
            <CallPanel title="Prefer to talk?" />
          </div>
        </div>
      </Section>
    </div>
  );
}
