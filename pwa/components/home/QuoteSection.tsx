import { BUSINESS } from '#domain/business.ts';
import { HOME_SECTIONS } from '#domain/content/home.ts';
import { TEL_HREF, whatsappHref } from '#domain/content/shared.ts';
import { ButtonLink } from '../ui/Button.tsx';
import { Icon } from '../ui/Icon.tsx';
import { Island } from '../../islands/Island.tsx';
import { QuoteForm } from './QuoteForm.tsx';

const PROMISES = [
  'Free, no-obligation written quote',
  `A reply ${BUSINESS.replyPromise}`,
  'Nothing to pay until the work is complete and certified',
  `${BUSINESS.guaranteeYears}-year workmanship guarantee`,
];

/** 'Request a Quote or Service' (#contact, where every 'Get Free Quote' link lands). */
export function QuoteSection() {
  const { id, heading, lead } = HOME_SECTIONS.quote;
  return (
    <section id={id} className="section quote-section" aria-labelledby="quote-title">
      <div className="container quote-section__grid">
        <div className="quote-section__intro">
          <span className="eyebrow">Free quote</span>
          <h2 id="quote-title">{heading}</h2>
          <p className="lead">{lead}</p>
          <ul className="checklist quote-section__promises">
            {PROMISES.map((item) => (
              <li key={item}>
                <Icon name="check" size={18} />
                {item}
              </li>
            ))}
          </ul>
          <div className="quote-section__direct">
            <p>
              <strong>Prefer to talk?</strong> Call us or send a WhatsApp message with a photo of the job.
            </p>
            <div className="btn-row">
              <ButtonLink href={TEL_HREF} icon="phone" variant="secondary" small>
                {BUSINESS.phone}
              </ButtonLink>
              <ButtonLink href={whatsappHref()} newTab icon="whatsapp" variant="whatsapp" small>
                WhatsApp<span className="visually-hidden"> (opens in a new tab)</span>
              </ButtonLink>
            </div>
          </div>
        </div>
        <Island name="quote-form">
          <QuoteForm />
        </Island>
      </div>
    </section>
  );
}
