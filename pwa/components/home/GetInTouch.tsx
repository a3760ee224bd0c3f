import { BUSINESS } from '#domain/business.ts';
import { HOME_SECTIONS } from '#domain/content/home.ts';
import { MAILTO_HREF, TEL_HREF, hoursLines, whatsappHref } from '#domain/content/shared.ts';
import { NEW_TAB } from '../../lib/links.ts';
import { Icon } from '../ui/Icon.tsx';
import type { AnyIcon } from '../ui/Icon.tsx';
import { Section } from '../ui/Section.tsx';
import { Island } from '../../islands/Island.tsx';
import { BreakAfterAt } from '../pages/text.tsx';
import { ContactForm } from './ContactForm.tsx';
import { ServiceAreaMap } from './ServiceAreaMap.tsx';

type Way = { icon: AnyIcon; title: string; value: string; href?: string; newTab?: boolean; note?: string };

const WAYS: readonly Way[] = [
  { icon: 'phone', title: 'Phone', value: BUSINESS.phone, href: TEL_HREF, note: `Emergencies ${BUSINESS.emergency}` },
  { icon: 'whatsapp', title: 'WhatsApp', value: BUSINESS.whatsapp, href: whatsappHref(), newTab: true, note: 'Send us photos of the job' },
  { icon: 'mail', title: 'Email', value: BUSINESS.email, href: MAILTO_HREF, note: `We reply ${BUSINESS.replyPromise}` },
  { icon: 'pin', title: 'Based in', value: `${BUSINESS.address.town}, ${BUSINESS.address.county}`, note: 'London & surrounding counties' },
];

/** 'Get In Touch' (#get-in-touch): every way to reach us, the contact form and the service-area map. */
export function GetInTouch() {
  const { id, heading, lead } = HOME_SECTIONS.contact;
  return (
    <Section id={id} eyebrow="Contact" title={heading} intro={lead} tone="alt">
      <div className="touch__grid">
        <div>
          <ul className="touch__ways">
            {WAYS.map((way) => (
              <li key={way.title} className="touch__way">
                <span className="icon-badge">
                  <Icon name={way.icon} size={22} />
                </span>
                <span>
                  <span className="touch__label">{way.title}</span>
                  {way.href ? (
                    <a href={way.href} {...(way.newTab ? NEW_TAB : {})} className="touch__value">
                      <BreakAfterAt text={way.value} />
                      {way.newTab ? <span className="visually-hidden"> (opens in a new tab)</span> : null}
                    </a>
                  ) : (
                    <span className="touch__value">{way.value}</span>
                  )}
                  {way.note ? <span className="touch__note">{way.note}</span> : null}
                </span>
              </li>
            ))}
          </ul>
          <div className="touch__hours card">
            <h3>
              <Icon name="clock" size={20} />
              Opening hours
            </h3>
            <ul>
              {hoursLines().map((line) => {
                const [days, hours] = line.split(': ');
                return (
                  <li key={line}>
                    <span>{days}</span>
                    <strong>{hours}</strong>
                  </li>
                );
              })}
              <li>
                <span>Emergency callout</span>
                <strong>{BUSINESS.emergency}</strong>
              </li>
            </ul>
          </div>
        </div>
        <Island name="contact-form">
          <ContactForm />
        </Island>
      </div>
      <div className="touch__map">
        <h3>Our service area</h3>
        <Island name="area-map">
          <ServiceAreaMap />
        </Island>
      </div>
    </Section>
  );
}
