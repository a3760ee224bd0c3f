import { Link } from '@tanstack/react-router';
import { BUSINESS } from '#domain/business.ts';
import { HOME_SECTIONS } from '#domain/content/home.ts';
import { SERVICES } from '#domain/content/services.ts';
import { TEL_HREF } from '#domain/content/shared.ts';
import { ButtonLink } from '../ui/Button.tsx';
import { Icon } from '../ui/Icon.tsx';
import { Section } from '../ui/Section.tsx';

/** The eight services (#services), each with its points and, where one exists, a link to its own page. */
export function ServicesSection() {
  const { id, heading, lead } = HOME_SECTIONS.services;
  return (
    <>
      <Section id={id} eyebrow="What we do" title={heading} intro={lead}>
        <ul className="service-grid">
          {SERVICES.map((service) => (
            <li key={service.slug} className="card service-card">
              <span className="icon-badge">
                <Icon name={service.icon} size={24} />
              </span>
              <h3>{service.title}</h3>
              <p>{service.summary}</p>
              <ul className="checklist service-card__points">
                {service.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
              {service.href ? (
                <Link to={service.href} className="service-card__more">
                  Learn more<span className="visually-hidden"> about {service.title}</span>
                  <Icon name="arrow-right" size={16} />
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      </Section>
      <aside className="emergency-band" aria-label="Emergency callout">
        <div className="container emergency-band__inner">
          <span className="emergency-band__icon">
            <Icon name="siren" size={28} />
          </span>
          <p>
            <strong>Power off, sparks or a burning smell?</strong> Our emergency line is open {BUSINESS.emergency}, and we aim to be with you within {BUSINESS.responseMinutes} minutes.
          </p>
          <ButtonLink href={TEL_HREF} variant="light" icon="phone">
            Call {BUSINESS.phone}
          </ButtonLink>
        </div>
      </aside>
    </>
  );
}
